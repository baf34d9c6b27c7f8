import { ApiRoutes, AppPaths, INITIAL_TRIAL_CREDITS, Messages } from '@studio/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { latestLink, signUpConfirmed, uniqueEmail } from './test-helpers.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());
// Every request here comes from 127.0.0.1: keep the per-IP limits out of the way of other tests.
beforeEach(() => studio.deps.rateLimitStore.reset());

const PASSWORD = 'secret-password';

describe('sign-up and e-mail confirmation', () => {
  it('answers 201, mails a confirmation link that signs the new user in and redirects to /auth/callback', async () => {
    const client = studio.client();
    const email = uniqueEmail('Signup');
    const signup = await client.post(ApiRoutes.signup, { email: `  ${email.toUpperCase()} `, password: PASSWORD, confirmPassword: PASSWORD });
    expect(signup.status).toBe(201);
    expect(signup.body).toEqual({ message: Messages.signupSent });

    const link = await latestLink(client, email.toLowerCase(), ApiRoutes.confirm);
    expect(link.startsWith(`${studio.deps.config.appUrl}${ApiRoutes.confirm}?token=`)).toBe(true);
    expect((await client.get(ApiRoutes.session)).status).toBe(401);

    const confirm = await client.get(link);
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get('location')).toBe(AppPaths.authCallback);
    const cookie = confirm.headers.getSetCookie().find((c) => c.startsWith('studio_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const session = await client.get(ApiRoutes.session);
    expect(session.status).toBe(200);
    expect(session.body.recovery).toBe(false);
    expect(session.body.user).toMatchObject({ email: email.toLowerCase(), is_admin: false });
    expect(session.body.user.email_confirmed_at).not.toBeNull();
    expect(session.body.profile).toMatchObject({ email: email.toLowerCase(), subscription_tier: 'trial', credits_remaining: INITIAL_TRIAL_CREDITS });
  });

  it('lets a confirmation link work once', async () => {
    const client = studio.client();
    const email = uniqueEmail();
    await signUpConfirmed(client, email, PASSWORD);
    const again = await studio.client().get(await latestLink(client, email, ApiRoutes.confirm));
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe(`${AppPaths.authCallback}?error=${encodeURIComponent(Messages.linkInvalid)}`);
  });

  it('refuses an expired or unknown confirmation link', async () => {
    const client = studio.client();
    const email = uniqueEmail();
    await client.post(ApiRoutes.signup, { email, password: PASSWORD, confirmPassword: PASSWORD });
    const link = await latestLink(client, email, ApiRoutes.confirm);
    await studio.deps.db('auth_tokens').update({ expires_at: new Date(Date.now() - 1000) }).whereIn('user_id', studio.deps.db('users').select('id').where({ email }));
    for (const url of [link, `${ApiRoutes.confirm}?token=not-a-token`, ApiRoutes.confirm]) {
      const response = await client.get(url);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${AppPaths.authCallback}?error=${encodeURIComponent(Messages.linkInvalid)}`);
    }
    expect((await client.get(ApiRoutes.session)).status).toBe(401);
  });

  it('refuses an e-mail that already has a confirmed account', async () => {
    const user = await createUser(studio);
    const response = await studio.client().post(ApiRoutes.signup, { email: user.email.toUpperCase(), password: PASSWORD, confirmPassword: PASSWORD });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: { code: 'conflict', message: Messages.userAlreadyRegistered } });
  });

  it('sends a new link to an address that signed up but never confirmed; the latest password wins', async () => {
    const client = studio.client();
    const email = uniqueEmail();
    await client.post(ApiRoutes.signup, { email, password: 'first-password', confirmPassword: 'first-password' });
    const firstLink = await latestLink(client, email, ApiRoutes.confirm);
    const again = await client.post(ApiRoutes.signup, { email, password: PASSWORD, confirmPassword: PASSWORD });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ message: Messages.signupSent });
    const secondLink = await latestLink(client, email, ApiRoutes.confirm);
    expect(secondLink).not.toBe(firstLink);
    expect((await client.get(firstLink)).headers.get('location')).toContain('?error=');
    expect((await client.get(secondLink)).headers.get('location')).toBe(AppPaths.authCallback);
    expect((await studio.client().post(ApiRoutes.signin, { email, password: 'first-password' })).status).toBe(400);
    expect((await studio.client().post(ApiRoutes.signin, { email, password: PASSWORD })).status).toBe(200);
  });

  it.each([
    ['passwords that differ', { email: 'a@example.com', password: 'secret1', confirmPassword: 'secret2' }, Messages.passwordsDoNotMatch],
    ['a short password', { email: 'a@example.com', password: 'abc', confirmPassword: 'abc' }, Messages.passwordTooShort],
    ['an invalid e-mail', { email: 'not-an-email', password: PASSWORD, confirmPassword: PASSWORD }, Messages.emailNotValid],
    ['a missing e-mail', { password: PASSWORD, confirmPassword: PASSWORD }, Messages.emailNotValid],
  ])('refuses %s with the spec message', async (_name, body, message) => {
    const response = await studio.client().post(ApiRoutes.signup, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'invalid_request', message });
  });
});

describe('sign-in, session and sign-out', () => {
  it('signs in with the right password and answers the session', async () => {
    const user = await createUser(studio, { email: uniqueEmail('Mixed') });
    const client = studio.client();
    const response = await client.post(ApiRoutes.signin, { email: user.email.toUpperCase(), password: user.password });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ user: { id: user.id, email: user.email }, profile: { id: user.id, credits_remaining: 20 }, recovery: false });
    expect(response.body.user).not.toHaveProperty('password_hash');
    expect((await client.get(ApiRoutes.session)).body.user.id).toBe(user.id);
  });

  it('marks admins from ADMIN_EMAILS', async () => {
    const admin = await createUser(studio, { email: 'admin@studio.local' });
    const response = await studio.client().post(ApiRoutes.signin, { email: admin.email, password: admin.password });
    expect(response.body.user.is_admin).toBe(true);
  });

  it('answers the same message for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(studio);
    for (const body of [
      { email: user.email, password: 'wrong password' },
      { email: uniqueEmail('nobody'), password: user.password },
      { email: user.email, password: '' },
    ]) {
      const response = await studio.client().post(ApiRoutes.signin, body);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'invalid_request', message: Messages.invalidCredentials });
    }
  });

  it('asks an unconfirmed user to confirm first', async () => {
    const user = await createUser(studio, { confirmed: false });
    const response = await studio.client().post(ApiRoutes.signin, { email: user.email, password: user.password });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: { code: 'forbidden', message: Messages.emailNotConfirmed } });
  });

  it('refuses an invalid e-mail', async () => {
    const response = await studio.client().post(ApiRoutes.signin, { email: 'nope', password: 'whatever' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(Messages.emailNotValid);
  });

  it('answers 401 without a session, and signs out', async () => {
    const user = await createUser(studio);
    const client = studio.client();
    expect(await client.get(ApiRoutes.session)).toMatchObject({ status: 401, body: { error: { code: 'unauthenticated' } } });
    await client.post(ApiRoutes.signin, { email: user.email, password: user.password });
    const token = client.cookieHeader;
    const signout = await client.post(ApiRoutes.signout);
    expect(signout.status).toBe(204);
    expect(client.cookieHeader).toBe('');
    expect((await client.get(ApiRoutes.session)).status).toBe(401);
    // The old cookie is dead on the server too, not only forgotten by the browser.
    expect((await studio.client().get(ApiRoutes.session, { cookie: token })).status).toBe(401);
    expect(await studio.deps.db('sessions').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 0 });
  });

  it('refuses a sign-in posted from another site (CSRF)', async () => {
    const user = await createUser(studio);
    const response = await studio.client().post(ApiRoutes.signin, { email: user.email, password: user.password }, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.body.error).toEqual({ code: 'forbidden', message: Messages.originRefused });
    const signout = await studio.client().post(ApiRoutes.signout, {}, { origin: 'https://evil.example' });
    expect(signout.status).toBe(403);
  });
});

describe('dev outbox and API description', () => {
  it('lists the mail sent to an address, newest first', async () => {
    const client = studio.client();
    const email = uniqueEmail();
    await client.post(ApiRoutes.signup, { email, password: PASSWORD, confirmPassword: PASSWORD });
    await client.post(ApiRoutes.recover, { email });
    const { body } = await client.get(`${ApiRoutes.devOutbox}?to=${encodeURIComponent(email)}`);
    expect(body.messages.map((m: { subject: string }) => m.subject)).toEqual(['Reset your Studio password', 'Confirm your Studio account']);
    expect(body.messages.every((m: { to: string }) => m.to === email)).toBe(true);
  });

  it('describes every auth route in the OpenAPI document', async () => {
    const { body } = await studio.client().get(ApiRoutes.openapi);
    for (const path of [ApiRoutes.signup, ApiRoutes.signin, ApiRoutes.signout, ApiRoutes.session, ApiRoutes.recover, ApiRoutes.password, ApiRoutes.confirm, ApiRoutes.recoverLink, ApiRoutes.oauthGoogle, ApiRoutes.oauthGoogleCallback, ApiRoutes.account, ApiRoutes.devOutbox]) {
      expect(body.paths[path], path).toBeDefined();
    }
    expect(body.paths[ApiRoutes.signup].post.requestBody).toBeDefined();
  });
});
