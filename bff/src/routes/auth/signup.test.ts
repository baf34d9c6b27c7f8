import { ApiRoutes, AppPaths, INITIAL_TRIAL_CREDITS, Messages } from '@studio/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { confirmEmail, latestLink, requestRecovery, signUpConfirmed, tokenOf, uniqueEmail } from './test-helpers.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());
// Every request here comes from 127.0.0.1: keep the per-IP limits out of the way of other tests.
beforeEach(() => studio.deps.rateLimitStore.reset());

const PASSWORD = 'secret-password';

describe('sign-up and e-mail confirmation', () => {
  it('answers 201 and mails a link to the confirmation page, whose POST with the password signs in', async () => {
    const client = studio.client();
    const email = uniqueEmail('Signup');
    const signup = await client.post(ApiRoutes.signup, {
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(signup.status).toBe(201);
    expect(signup.body).toEqual({ message: Messages.signupSent });

    const link = await latestLink(client, email.toLowerCase(), AppPaths.confirmEmail);
    expect(link.startsWith(`${studio.deps.config.appUrl}${AppPaths.confirmEmail}?token=`)).toBe(true);
    // Opening the link is a page load: it changes nothing until the user confirms.
    const page = await client.get(link);
    expect(page.headers.getSetCookie()).toEqual([]);
    expect((await client.get(ApiRoutes.session)).body.user).toBeNull();

    const confirm = await confirmEmail(client, link, PASSWORD);
    expect(confirm.status).toBe(200);
    const cookie = confirm.headers.getSetCookie().find((c) => c.startsWith('studio_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(confirm.body).toMatchObject({ user: { email: email.toLowerCase() }, recovery: false });

    const session = await client.get(ApiRoutes.session);
    expect(session.status).toBe(200);
    expect(session.body.recovery).toBe(false);
    expect(session.body.user).toMatchObject({ email: email.toLowerCase(), is_admin: false });
    expect(session.body.user.email_confirmed_at).not.toBeNull();
    expect(session.body.profile).toMatchObject({
      email: email.toLowerCase(),
      subscription_tier: 'trial',
      credits_remaining: INITIAL_TRIAL_CREDITS,
    });
  });

  it('lets a confirmation link work once', async () => {
    const client = studio.client();
    const email = uniqueEmail();
    await signUpConfirmed(client, email, PASSWORD);
    const again = await confirmEmail(studio.client(), await latestLink(client, email, AppPaths.confirmEmail), PASSWORD);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'invalid_request', message: Messages.linkInvalid });
  });

  it('refuses an expired or unknown confirmation link', async () => {
    const client = studio.client();
    const email = uniqueEmail();
    await client.post(ApiRoutes.signup, { email, password: PASSWORD, confirmPassword: PASSWORD });
    const link = await latestLink(client, email, AppPaths.confirmEmail);
    await studio.deps
      .db('auth_tokens')
      .update({ expires_at: new Date(Date.now() - 1000) })
      .whereIn('user_id', studio.deps.db('users').select('id').where({ email }));
    for (const token of [tokenOf(link), 'not-a-token', '']) {
      const response = await client.post(ApiRoutes.confirm, { token, password: PASSWORD });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(Messages.linkInvalid);
    }
    expect((await client.get(ApiRoutes.session)).body.user).toBeNull();
  });

  it('keeps the link usable after a wrong password, and confirms with the right one', async () => {
    const client = studio.client();
    const email = uniqueEmail();
    await client.post(ApiRoutes.signup, { email, password: PASSWORD, confirmPassword: PASSWORD });
    const link = await latestLink(client, email, AppPaths.confirmEmail);
    const wrong = await confirmEmail(client, link, 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'invalid_request', message: Messages.invalidCredentials });
    expect((await client.get(ApiRoutes.session)).body.user).toBeNull();
    expect((await confirmEmail(client, link, PASSWORD)).status).toBe(200);
  });

  it('refuses an e-mail that already has a confirmed account', async () => {
    const user = await createUser(studio);
    const response = await studio
      .client()
      .post(ApiRoutes.signup, { email: user.email.toUpperCase(), password: PASSWORD, confirmPassword: PASSWORD });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: { code: 'conflict', message: Messages.userAlreadyRegistered } });
  });
});

describe('pre-account takeover: a second sign-up for an unconfirmed address', () => {
  const OWNER = 'owner-password';
  const ATTACKER = 'attacker-password';
  const signUp = (email: string, password: string) =>
    studio.client().post(ApiRoutes.signup, { email, password, confirmPassword: password });

  it('changes no password and re-sends the original registration, so a later sign-up gains nothing', async () => {
    const email = uniqueEmail('victim');
    const owner = studio.client();
    await signUp(email, OWNER);
    const attempt = await signUp(email, ATTACKER);
    expect(attempt.status).toBe(201);
    expect(attempt.body).toEqual({ message: Messages.signupSent });
    const mails = (await owner.get(`${ApiRoutes.devOutbox}?to=${encodeURIComponent(email)}`)).body.messages;
    expect(mails).toHaveLength(2);

    // The owner confirms the newest link with the password they chose.
    expect((await confirmEmail(owner, await latestLink(owner, email, AppPaths.confirmEmail), OWNER)).status).toBe(200);
    expect((await studio.client().post(ApiRoutes.signin, { email, password: ATTACKER })).status).toBe(400);
    expect((await studio.client().post(ApiRoutes.signin, { email, password: OWNER })).status).toBe(200);
  });

  it('leaves a squatter who signed up first without a working password', async () => {
    const email = uniqueEmail('squatted');
    const owner = studio.client();
    await signUp(email, ATTACKER);
    await signUp(email, OWNER);
    // The re-sent link confirms the squatter's registration: the owner cannot complete it with
    // their own password, and the squatter cannot sign in to an unconfirmed account.
    const link = await latestLink(owner, email, AppPaths.confirmEmail);
    expect((await confirmEmail(owner, link, OWNER)).body.error.message).toBe(Messages.invalidCredentials);
    expect((await studio.client().post(ApiRoutes.signin, { email, password: ATTACKER })).body.error.message).toBe(
      Messages.emailNotConfirmed,
    );

    // The owner takes the account with a reset link; the squatter's password dies with it.
    await requestRecovery(owner, email);
    expect(
      (await owner.post(ApiRoutes.recoverLink, { token: tokenOf(await latestLink(owner, email, AppPaths.resetPassword)) })).status,
    ).toBe(200);
    expect((await owner.post(ApiRoutes.password, { password: OWNER, confirmPassword: OWNER })).status).toBe(200);
    expect((await studio.client().post(ApiRoutes.signin, { email, password: ATTACKER })).status).toBe(400);
    expect((await studio.client().post(ApiRoutes.signin, { email, password: OWNER })).status).toBe(200);
    // The squatter's confirmation link has nothing left to confirm.
    expect((await confirmEmail(studio.client(), link, ATTACKER)).body.error.message).toBe(Messages.linkInvalid);
  });
});

describe('login CSRF through mailed links', () => {
  it('never changes the session on a GET: links open pages, a cross-site POST is refused', async () => {
    const email = uniqueEmail('attacker');
    const attacker = studio.client();
    await attacker.post(ApiRoutes.signup, { email, password: PASSWORD, confirmPassword: PASSWORD });
    const link = await latestLink(attacker, email, AppPaths.confirmEmail);

    // The victim is signed in to their own account.
    const victimUser = await createUser(studio);
    const victim = studio.client();
    await victim.post(ApiRoutes.signin, { email: victimUser.email, password: victimUser.password });
    const crossSite = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' };

    // A page elsewhere sends the victim's browser to the attacker's link, old and new form.
    for (const url of [link, `${ApiRoutes.confirm}?token=${encodeURIComponent(tokenOf(link))}`]) {
      const visit = await victim.get(url, { ...crossSite, origin: '' });
      expect(visit.headers.getSetCookie().some((c) => c.startsWith('studio_session='))).toBe(false);
      expect((await victim.get(ApiRoutes.session)).body.user.id).toBe(victimUser.id);
    }
    // ... or posts the token from its own origin, or with no origin at all.
    for (const headers of [{ origin: 'https://evil.example' }, { origin: '' }]) {
      const forged = await victim.post(ApiRoutes.confirm, { token: tokenOf(link), password: PASSWORD }, headers);
      expect(forged.status).toBe(403);
      expect((await victim.get(ApiRoutes.session)).body.user.id).toBe(victimUser.id);
    }
    // The link was not spent by any of it: its owner still confirms with it.
    expect((await confirmEmail(attacker, link, PASSWORD)).status).toBe(200);
  });

  it('redirects a link in the old form to its page without spending the token', async () => {
    const client = studio.client();
    const email = uniqueEmail();
    await client.post(ApiRoutes.signup, { email, password: PASSWORD, confirmPassword: PASSWORD });
    const token = tokenOf(await latestLink(client, email, AppPaths.confirmEmail));
    const old = await client.get(`${ApiRoutes.confirm}?token=${encodeURIComponent(token)}`);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`${AppPaths.confirmEmail}?token=${encodeURIComponent(token)}`);
    expect((await client.post(ApiRoutes.confirm, { token, password: PASSWORD })).status).toBe(200);
  });
});

describe('sign-up form rules', () => {
  it.each([
    ['passwords that differ', { email: 'a@example.com', password: 'secret1', confirmPassword: 'secret2' }, Messages.passwordsDoNotMatch],
    ['a short password', { email: 'a@example.com', password: 'abc', confirmPassword: 'abc' }, Messages.passwordTooShort],
    ['an invalid e-mail', { email: 'not-an-email', password: PASSWORD, confirmPassword: PASSWORD }, Messages.emailNotValid],
    ['a missing e-mail', { password: PASSWORD, confirmPassword: PASSWORD }, Messages.emailNotValid],
    ['a common password (123456)', { email: 'a@example.com', password: '123456', confirmPassword: '123456' }, Messages.weakPassword],
    ['a common password (password)', { email: 'a@example.com', password: 'password', confirmPassword: 'password' }, Messages.weakPassword],
    ['a keyboard walk', { email: 'a@example.com', password: 'qwerty123', confirmPassword: 'qwerty123' }, Messages.weakPassword],
    [
      'the e-mail itself (strong anywhere else)',
      { email: 'kwazimodo77@example.com', password: 'kwazimodo77', confirmPassword: 'kwazimodo77' },
      Messages.weakPassword,
    ],
  ])('refuses %s with the spec message', async (_name, body, message) => {
    const response = await studio.client().post(ApiRoutes.signup, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'invalid_request', message });
    if ('email' in body) expect(await studio.deps.db('users').where({ email: body.email }).first()).toBeUndefined();
  });
});

describe('sign-in, session and sign-out', () => {
  it('signs in with the right password and answers the session', async () => {
    const user = await createUser(studio, { email: uniqueEmail('Mixed') });
    const client = studio.client();
    const response = await client.post(ApiRoutes.signin, { email: user.email.toUpperCase(), password: user.password });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      user: { id: user.id, email: user.email },
      profile: { id: user.id, credits_remaining: 20 },
      recovery: false,
    });
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
    expect(await client.get(ApiRoutes.session)).toMatchObject({ status: 200, body: { user: null, profile: null, recovery: false } });
    await client.post(ApiRoutes.signin, { email: user.email, password: user.password });
    const token = client.cookieHeader;
    const signout = await client.post(ApiRoutes.signout);
    expect(signout.status).toBe(204);
    expect(client.cookieHeader).toBe('');
    expect((await client.get(ApiRoutes.session)).body.user).toBeNull();
    // The old cookie is dead on the server too, not only forgotten by the browser.
    expect((await studio.client().get(ApiRoutes.session, { cookie: token })).body.user).toBeNull();
    expect(await studio.deps.db('sessions').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 0 });
  });

  it('refuses a sign-in posted from another site (CSRF)', async () => {
    const user = await createUser(studio);
    const response = await studio
      .client()
      .post(ApiRoutes.signin, { email: user.email, password: user.password }, { origin: 'https://evil.example' });
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
    await requestRecovery(client, email);
    const { body } = await client.get(`${ApiRoutes.devOutbox}?to=${encodeURIComponent(email)}`);
    expect(body.messages.map((m: { subject: string }) => m.subject)).toEqual(['Reset your Studio password', 'Confirm your Studio account']);
    expect(body.messages.every((m: { to: string }) => m.to === email)).toBe(true);
  });

  it('describes every auth route in the OpenAPI document', async () => {
    const { body } = await studio.client().get(ApiRoutes.openapi);
    for (const path of [
      ApiRoutes.signup,
      ApiRoutes.signin,
      ApiRoutes.signout,
      ApiRoutes.session,
      ApiRoutes.recover,
      ApiRoutes.password,
      ApiRoutes.confirm,
      ApiRoutes.recoverLink,
      ApiRoutes.oauthGoogle,
      ApiRoutes.oauthGoogleCallback,
      ApiRoutes.authProviders,
      ApiRoutes.account,
      ApiRoutes.devOutbox,
    ]) {
      expect(body.paths[path], path).toBeDefined();
    }
    expect(body.paths[ApiRoutes.signup].post.requestBody).toBeDefined();
    expect(body.paths[ApiRoutes.confirm].post.requestBody).toBeDefined();
  });
});
