import { ApiRoutes, AppPaths, Messages } from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { uniqueEmail } from './test-helpers.ts';

/**
 * NODE_ENV=production with no OIDC_*: the dev issuer vouches for any e-mail, an
 * admin's included, so it must not run; Google-type sign-in is off and the rest works.
 */
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let studio: TestStudio;

beforeAll(async () => {
  smtp = await startSmtpSink();
  studio = await startTestStudio({ NODE_ENV: 'production', SMTP_URL: smtp.url, ADMIN_EMAILS: 'boss@example.com' });
});
afterAll(async () => {
  await studio?.stop();
  await smtp?.stop();
});

describe('production without an OpenID Connect issuer', () => {
  it('starts no dev issuer: nobody can sign in as an admin by typing their e-mail', async () => {
    expect(studio.deps.devOidcIssuer).toBeNull();
    const discovery = await studio.client().get('/oidc/.well-known/openid-configuration');
    expect(discovery.headers.get('content-type') ?? '').not.toContain('json');
    const login = await studio.client().post('/oidc/interaction/anything/login', { email: 'boss@example.com' });
    expect(login.headers.getSetCookie().some((c) => c.startsWith('studio_session='))).toBe(false);
  });

  it('turns "Continue with Google" off: hidden by the providers answer, the spec failure text if called', async () => {
    expect((await studio.client().get(ApiRoutes.authProviders)).body).toEqual({ google: false });
    for (const path of [ApiRoutes.oauthGoogle, `${ApiRoutes.oauthGoogleCallback}?code=x&state=y`]) {
      const response = await studio.client().get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${AppPaths.authCallback}?error=${encodeURIComponent(Messages.googleFailed)}`);
    }
  });

  it('does not publish the OpenAPI document: the API is not mapped out for anyone who asks', async () => {
    const res = await studio.client().get(ApiRoutes.openapi);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('openapi');
  });

  it('keeps the rest working: sign-up mails over SMTP, sign-in, and no dev outbox', async () => {
    const email = uniqueEmail('prod');
    const signup = await studio
      .client()
      .post(ApiRoutes.signup, { email, password: 'squatter-pass-77', confirmPassword: 'squatter-pass-77' });
    expect(signup.status).toBe(201);
    await expect.poll(() => smtp.received.some((mail) => mail.to.includes(email))).toBe(true);
    expect((await studio.client().get(`${ApiRoutes.devOutbox}?to=${email}`)).status).toBe(404);
    const user = await createUser(studio);
    expect((await studio.client().post(ApiRoutes.signin, { email: user.email, password: user.password })).status).toBe(200);
  });
});
