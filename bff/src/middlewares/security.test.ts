import { ApiRoutes, Messages } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestStudio, type TestClient, type TestStudio } from '../../test/harness.ts';

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
