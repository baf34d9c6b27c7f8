import http from 'node:http';
import { ApiRoutes, Messages } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRemoteClient, rawRequest, signedInUser, startTestStudio, type TestClient, type TestStudio } from '../../test/harness.ts';

let studio: TestStudio;
let client: TestClient;
let email: string;
beforeAll(async () => {
  studio = await startTestStudio();
  ({
    client,
    user: { email },
  } = await signedInUser(studio));
});
afterAll(() => studio?.stop());

const refused = { status: 403, body: { error: { code: 'forbidden', message: Messages.originRefused } } };

describe('CSRF: writes must show they come from the studio', () => {
  it('refuses a write with neither Origin nor Sec-Fetch-Site, even with a same-site Referer', async () => {
    const attempt = await client.patch(
      ApiRoutes.profile,
      { full_name: 'Changed' },
      { origin: '', referer: `${studio.deps.config.appUrl}/app` },
    );
    expect(attempt).toMatchObject(refused);
    const crossReferer = await client.patch(
      ApiRoutes.profile,
      { full_name: 'Changed' },
      { origin: '', referer: 'https://evil.example/page' },
    );
    expect(crossReferer).toMatchObject(refused);
    expect((await client.get(ApiRoutes.profile)).body.profile.full_name).not.toBe('Changed');
  });

  it('refuses another origin, an opaque origin and a cross-site fetch without Origin', async () => {
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: '', 'sec-fetch-site': 'cross-site' },
      { origin: '', 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of attempts) {
      expect(await client.patch(ApiRoutes.profile, { full_name: 'Changed' }, headers), JSON.stringify(headers)).toMatchObject(refused);
    }
  });

  it("accepts the studio's own origin, or Sec-Fetch-Site: same-origin without one", async () => {
    expect((await client.patch(ApiRoutes.profile, { full_name: 'By origin' })).status).toBe(200);
    const byFetchMetadata = await client.patch(
      ApiRoutes.profile,
      { full_name: 'By fetch metadata' },
      { origin: '', 'sec-fetch-site': 'same-origin' },
    );
    expect(byFetchMetadata.status).toBe(200);
    expect(byFetchMetadata.body.profile.full_name).toBe('By fetch metadata');
  });
});

const misdirected = { status: 421, body: { error: { code: 'misdirected_request', message: Messages.hostRefused } } };

describe('Host check: a request must name the studio (DNS rebinding)', () => {
  const port = () => new URL(studio.deps.config.appUrl).port;
  const write = (headers: Record<string, string>) =>
    rawRequest(studio, {
      method: 'PATCH',
      path: ApiRoutes.profile,
      headers: { 'content-type': 'application/json', cookie: client.cookieHeader, ...headers },
      body: JSON.stringify({ full_name: 'Rebound' }),
    });

  it('refuses a rebinding page: its own Host and Origin, reads and writes alike', async () => {
    const evil = { host: `evil.example:${port()}`, origin: `http://evil.example:${port()}` };
    expect(await write(evil)).toMatchObject(misdirected);
    expect(await rawRequest(studio, { path: ApiRoutes.profile, headers: { ...evil, cookie: client.cookieHeader } })).toMatchObject(
      misdirected,
    );
    expect(await rawRequest(studio, { path: '/', headers: { host: 'evil.example' } })).toMatchObject(misdirected);
    expect(await rawRequest(studio, { path: '/oidc/.well-known/openid-configuration', headers: { host: 'evil.example' } })).toMatchObject(
      misdirected,
    );
    expect((await client.get(ApiRoutes.profile)).body.profile.full_name).not.toBe('Rebound');
  });

  it('answers every loopback name of a loopback APP_URL, on any port', async () => {
    for (const host of [`127.0.0.1:${port()}`, `localhost:${port()}`, `LOCALHOST:${port()}`, `[::1]:${port()}`, 'localhost']) {
      const res = await rawRequest(studio, { path: `${ApiRoutes.health}?quick=true`, headers: { host } });
      expect(res.status, host).toBe(200);
    }
  });

  it('reads X-Forwarded-Host only behind a trusted proxy (TRUST_PROXY=0 here)', async () => {
    const res = await rawRequest(studio, { path: `${ApiRoutes.health}?quick=true`, headers: { 'x-forwarded-host': 'evil.example' } });
    expect(res.status).toBe(200);
  });

  it("compares Origin with APP_URL, not with the request's own Host", async () => {
    // Another local server (a dev server on its own port) forwarding here keeps its Host: its pages are not the studio's.
    const res = await write({ host: 'localhost:3999', origin: 'http://localhost:3999' });
    expect(res).toMatchObject(refused);
    // APP_URL's origin under another loopback name is the same server.
    expect((await write({ host: `localhost:${port()}`, origin: `http://localhost:${port()}` })).status).toBe(200);
  });
});

describe('the dev stand-ins answer this machine only', () => {
  const fromAfar = (path: string) =>
    asRemoteClient(studio, '203.0.113.7', () => rawRequest(studio, { path, headers: { 'x-forwarded-for': '127.0.0.1' } }));

  it('hides the dev outbox and the dev issuer from another machine, whatever X-Forwarded-For says', async () => {
    await studio
      .client()
      .post(ApiRoutes.signup, { email: 'admin@studio.local', password: 'squatter-pass-77', confirmPassword: 'squatter-pass-77' });
    const outbox = await fromAfar(`${ApiRoutes.devOutbox}?to=admin@studio.local`);
    expect(outbox).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect(JSON.stringify(outbox.body)).not.toContain('confirm');
    for (const path of ['/oidc/.well-known/openid-configuration', '/oidc/auth?client_id=studio-dev', '/oidc/jwks']) {
      expect(await fromAfar(path), path).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    }
    // The rest of the studio still answers that machine.
    expect((await fromAfar(`${ApiRoutes.health}?quick=true`)).status).toBe(200);
  });

  it('still serves them on this machine', async () => {
    const outbox = await rawRequest(studio, { path: `${ApiRoutes.devOutbox}?to=admin@studio.local` });
    expect(outbox.status).toBe(200);
    expect(outbox.body.messages.length).toBeGreaterThan(0);
    expect((await rawRequest(studio, { path: '/oidc/.well-known/openid-configuration' })).status).toBe(200);
  });
});

describe('headers', () => {
  it('marks API answers no-store, signed in or not, success or error', async () => {
    for (const res of [
      await client.get(ApiRoutes.session),
      await client.get(ApiRoutes.profile),
      await client.get(ApiRoutes.credits),
      await studio.client().get(ApiRoutes.session),
      await studio.client().post(ApiRoutes.signin, { email, password: 'wrong' }),
    ]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('puts the security headers on the dev issuer pages under /oidc', async () => {
    const discovery = await studio.client().get('/oidc/.well-known/openid-configuration');
    expect(discovery.status).toBe(200);
    const start = await studio.client().get(ApiRoutes.oauthGoogle);
    const authorize = await studio.client().get(start.headers.get('location')!);
    for (const res of [discovery, authorize]) {
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('kept-alive connections', () => {
  it('keeps an idle connection open past Node’s 5 s, so a client sending on it is not reset', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.get(new URL(ApiRoutes.health, studio.url), { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 15_000);
});
