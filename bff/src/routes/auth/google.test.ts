import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApiRoutes, AppPaths, Messages } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestStudio, type ApiResponse, type TestClient, type TestStudio } from '../../../test/harness.ts';
import { confirmEmail, latestLink, uniqueEmail } from './test-helpers.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

const failed = `${AppPaths.authCallback}?error=${encodeURIComponent(Messages.googleFailed)}`;
const cancelled = `${AppPaths.authCallback}?error=${encodeURIComponent(Messages.googleCancelled)}`;

/** Follows redirects by hand (as a browser would) until one leaves the issuer and the callback. */
async function follow(client: TestClient, response: ApiResponse): Promise<ApiResponse> {
  let current = response;
  for (let hops = 0; hops < 10 && [302, 303].includes(current.status); hops++) {
    const location = current.headers.get('location')!;
    const url = new URL(location, studio.url);
    if (!url.pathname.startsWith('/oidc') && url.pathname !== ApiRoutes.oauthGoogleCallback) return current;
    current = await client.get(url.href);
  }
  return current;
}

/** Starts Google sign-in and walks to the dev issuer's login page; returns the page. */
async function openLoginPage(client: TestClient): Promise<{ page: string; action: string; cancel: string }> {
  const start = await client.get(ApiRoutes.oauthGoogle);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.href.startsWith(`${studio.deps.config.appUrl}/oidc/`)).toBe(true);
  expect(authorize.searchParams.get('client_id')).toBe('studio-dev');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${studio.deps.config.appUrl}${ApiRoutes.oauthGoogleCallback}`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  for (const param of ['state', 'nonce', 'code_challenge']) expect(authorize.searchParams.get(param)).toBeTruthy();
  const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith('studio_oidc='))!;
  expect(flowCookie).toMatch(/HttpOnly/i);
  expect(flowCookie).toMatch(/Path=\/api\/auth\/oauth\/google\/callback/i);

  const page = await follow(client, start);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)![1]!;
  const cancel = /<a href="([^"]+)">Cancel<\/a>/.exec(page.body)![1]!;
  return { page: page.body, action, cancel };
}

async function signInWithGoogle(client: TestClient, email: string): Promise<ApiResponse> {
  const { action } = await openLoginPage(client);
  const submitted = await client.post(action, new URLSearchParams({ email }));
  expect(submitted.status).toBe(303);
  return follow(client, submitted);
}

describe('sign-in with Google (dev OpenID Connect issuer)', () => {
  it('creates a confirmed account without a password for a new verified e-mail', async () => {
    const client = studio.client();
    const email = uniqueEmail('Google');
    const done = await signInWithGoogle(client, email.toUpperCase());
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(AppPaths.authCallback);

    const session = await client.get(ApiRoutes.session);
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(email.toLowerCase());
    expect(session.body.user.email_confirmed_at).not.toBeNull();
    expect(session.body.profile.credits_remaining).toBe(20);
    const user = await studio.deps.db('users').where({ id: session.body.user.id }).first();
    expect(user.password_hash).toBeNull();
    const identities = await studio.deps.db('oauth_identities').where({ user_id: user.id });
    expect(identities).toHaveLength(1);
    expect(identities[0]).toMatchObject({ provider: 'google', email: email.toLowerCase() });

    // A second sign-in finds the same account through the linked identity.
    const again = studio.client();
    expect((await signInWithGoogle(again, email)).headers.get('location')).toBe(AppPaths.authCallback);
    expect((await again.get(ApiRoutes.session)).body.user.id).toBe(user.id);
    expect(await studio.deps.db('oauth_identities').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 1 });
  });

  it('links an existing account with the same e-mail, which keeps its password', async () => {
    const existing = await createUser(studio);
    const client = studio.client();
    expect((await signInWithGoogle(client, existing.email)).headers.get('location')).toBe(AppPaths.authCallback);
    expect((await client.get(ApiRoutes.session)).body.user.id).toBe(existing.id);
    expect(await studio.deps.db('oauth_identities').where({ user_id: existing.id, provider: 'google' })).toHaveLength(1);
    expect((await studio.client().post(ApiRoutes.signin, { email: existing.email, password: existing.password })).status).toBe(200);
  });

  it("confirms an unconfirmed account on link and drops the password nobody proved was the owner's", async () => {
    const squatted = await createUser(studio, { confirmed: false });
    const client = studio.client();
    await signInWithGoogle(client, squatted.email);
    const session = await client.get(ApiRoutes.session);
    expect(session.body.user).toMatchObject({ id: squatted.id });
    expect(session.body.user.email_confirmed_at).not.toBeNull();
    expect((await studio.client().post(ApiRoutes.signin, { email: squatted.email, password: squatted.password })).status).toBe(400);
  });

  it('retires the confirmation links of an account it confirms: a link mailed earlier signs nobody in', async () => {
    const email = uniqueEmail('linked-later');
    const holder = studio.client();
    await holder.post(ApiRoutes.signup, { email, password: 'squatter-pass-77', confirmPassword: 'squatter-pass-77' });
    const link = await latestLink(holder, email, AppPaths.confirmEmail);
    await signInWithGoogle(studio.client(), email);
    const user = await studio.deps.db('users').where({ email }).first();
    expect(await studio.deps.db('auth_tokens').where({ user_id: user.id, purpose: 'confirm_email' }).whereNull('used_at')).toEqual([]);
    const late = await confirmEmail(holder, link, 'squatter-pass-77');
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe(Messages.linkInvalid);
    expect((await holder.get(ApiRoutes.session)).body.user).toBeNull();
  });

  it('returns to /auth/callback with the cancelled message when the user cancels', async () => {
    const client = studio.client();
    const { cancel } = await openLoginPage(client);
    const done = await follow(client, await client.get(cancel));
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(cancelled);
    expect((await client.get(ApiRoutes.session)).body.user).toBeNull();
  });

  it('keeps the login page on an invalid e-mail', async () => {
    const client = studio.client();
    const { action } = await openLoginPage(client);
    const response = await client.post(action, new URLSearchParams({ email: 'not-an-email' }));
    expect(response.status).toBe(400);
    expect(response.body).toContain(Messages.emailNotValid);
  });

  it('parses no multipart on the login form: a file is neither read nor written anywhere', async () => {
    const client = studio.client();
    const { action } = await openLoginPage(client);
    const bytes = 2 * 1024 * 1024 + 17;
    const before = new Set(await fs.readdir(os.tmpdir()));
    const form = new FormData();
    form.set('email', uniqueEmail('multipart'));
    form.set('upload', new Blob([new Uint8Array(bytes)]), 'big.bin');
    const response = await client.post(action, form);
    expect(response.status).toBe(400);
    expect(response.body).toContain(Messages.emailNotValid);
    const added = [...new Set(await fs.readdir(os.tmpdir()))].filter((name) => !before.has(name));
    const sizes = await Promise.all(
      added.map((name) =>
        fs.stat(path.join(os.tmpdir(), name)).then(
          (s) => s.size,
          () => 0,
        ),
      ),
    );
    expect(sizes).not.toContain(bytes);
  });

  it('fails safely on a callback without a flow, with a forged state, or with a bad code', async () => {
    const client = studio.client();
    const noFlow = await client.get(`${ApiRoutes.oauthGoogleCallback}?code=abc&state=xyz`);
    expect(noFlow.headers.get('location')).toBe(failed);

    // A real flow cookie, but the response does not belong to it.
    const start = await client.get(ApiRoutes.oauthGoogle);
    const state = new URL(start.headers.get('location')!).searchParams.get('state');
    const forged = await client.get(
      `${ApiRoutes.oauthGoogleCallback}?code=abc&state=not-${state}&iss=${encodeURIComponent(`${studio.deps.config.appUrl}/oidc`)}`,
    );
    expect(forged.headers.get('location')).toBe(failed);

    await client.get(ApiRoutes.oauthGoogle);
    const flow = client.cookieHeader;
    const badCode = await client.get(`${ApiRoutes.oauthGoogleCallback}?code=abc&state=${state}`, { cookie: flow });
    expect(badCode.headers.get('location')).toBe(failed);
    expect((await client.get(ApiRoutes.session)).body.user).toBeNull();

    const tampered = await studio
      .client()
      .get(`${ApiRoutes.oauthGoogleCallback}?code=abc&state=${state}`, { cookie: 'studio_oidc=eyJ9.AAAA' });
    expect(tampered.headers.get('location')).toBe(failed);
  });

  it('serves the issuer discovery document under /oidc', async () => {
    const { status, body } = await studio.client().get('/oidc/.well-known/openid-configuration');
    expect(status).toBe(200);
    expect(body.issuer).toBe(`${studio.deps.config.appUrl}/oidc`);
    expect(body.authorization_endpoint).toBe(`${studio.deps.config.appUrl}/oidc/auth`);
    expect(body.code_challenge_methods_supported).toContain('S256');
    // Outside production the dev issuer stands in, so the button is offered.
    expect((await studio.client().get(ApiRoutes.authProviders)).body).toEqual({ google: true });
  });
});
