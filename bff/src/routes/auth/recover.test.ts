import { ApiRoutes, AppPaths, Messages, RECENT_SIGN_IN_MS } from '@studio/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';
import { confirmEmail, latestLink, requestRecovery, tokenOf, uniqueEmail } from './test-helpers.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());
beforeEach(() => studio.deps.rateLimitStore.reset());

const NEW_PASSWORD = 'a brand new password';
/** What the reset page does on submit: the mail's token opens a recovery session. */
const openRecovery = (client: TestClient, link: string) => client.post(ApiRoutes.recoverLink, { token: tokenOf(link) });
const outboxFor = async (email: string) =>
  (await studio.client().get(`${ApiRoutes.devOutbox}?to=${encodeURIComponent(email)}`)).body.messages;

describe('password recovery', () => {
  it('answers the same for an unknown e-mail and sends it nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await studio.client().post(ApiRoutes.recover, { email });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: Messages.recoverSent });
    expect(await outboxFor(email)).toEqual([]);
  });

  it('answers an account’s address and an unknown one alike, before either is looked up', async () => {
    const user = await createUser(studio);
    const unknown = uniqueEmail('nobody');
    // Held until the answers are in: a lookup, a token or a mail made before answering would wait for it.
    const lock = await studio.deps.db.transaction();
    try {
      await lock.raw('LOCK TABLE users, auth_tokens IN ACCESS EXCLUSIVE MODE');
      for (const email of [user.email, unknown]) {
        const answer = await Promise.race([
          studio.client().post(ApiRoutes.recover, { email }),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
        ]);
        expect(answer, email).toMatchObject({ status: 200, body: { message: Messages.recoverSent } });
      }
      expect(await outboxFor(user.email)).toEqual([]);
    } finally {
      await lock.rollback();
    }
    // Then the account's owner gets the link, and the unknown address nothing.
    await expect.poll(async () => (await outboxFor(user.email)).length, { timeout: 10_000 }).toBe(1);
    const link = await latestLink(studio.client(), user.email, AppPaths.resetPassword);
    expect((await openRecovery(studio.client(), link)).status).toBe(200);
    expect(await outboxFor(unknown)).toEqual([]);
  });

  it('refuses an invalid e-mail', async () => {
    const response = await studio.client().post(ApiRoutes.recover, { email: 'not an email' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(Messages.emailNotValid);
  });

  it('mails a link that starts a recovery session, which can only set a new password', async () => {
    const user = await createUser(studio);
    const elsewhere = studio.client();
    expect((await elsewhere.post(ApiRoutes.signin, { email: user.email, password: user.password })).status).toBe(200);

    const client = studio.client();
    const recover = await requestRecovery(client, user.email.toUpperCase());
    expect(recover.body).toEqual({ message: Messages.recoverSent });
    const link = await latestLink(client, user.email, AppPaths.resetPassword);
    expect(link.startsWith(`${studio.deps.config.appUrl}${AppPaths.resetPassword}?token=`)).toBe(true);
    // Opening the page changes nothing; its submit opens the recovery session.
    expect((await client.get(link)).headers.getSetCookie()).toEqual([]);
    expect((await client.get(ApiRoutes.session)).body.user).toBeNull();

    const verify = await openRecovery(client, link);
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ user: { id: user.id }, recovery: true });
    const session = await client.get(ApiRoutes.session);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ user: { id: user.id }, recovery: true });

    // A recovery session is not a sign-in: every other signed-in route refuses it.
    const refused = await client.delete(ApiRoutes.account);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('unauthenticated');
    expect(await studio.deps.db('users').where({ id: user.id }).first()).toBeDefined();
    expect((await client.get(ApiRoutes.credits)).status).toBe(401);

    const mismatch = await client.post(ApiRoutes.password, { password: NEW_PASSWORD, confirmPassword: 'something else' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.message).toBe(Messages.passwordsDoNotMatch);
    const short = await client.post(ApiRoutes.password, { password: '12345', confirmPassword: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe(Messages.passwordTooShort);

    const update = await client.post(ApiRoutes.password, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({ user: { id: user.id }, recovery: false });
    expect((await client.get(ApiRoutes.session)).body.recovery).toBe(false);

    // The other browser was signed out; the recovery session became one full session.
    expect((await elsewhere.get(ApiRoutes.session)).body.user).toBeNull();
    const sessions = await studio.deps.db('sessions').where({ user_id: user.id });
    expect(sessions.map((s) => s.kind)).toEqual(['user']);

    const old = await studio.client().post(ApiRoutes.signin, { email: user.email, password: user.password });
    expect(old.status).toBe(400);
    expect(old.body.error.message).toBe(Messages.invalidCredentials);
    expect((await studio.client().post(ApiRoutes.signin, { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('lets a reset link work once, and not after it expires', async () => {
    const user = await createUser(studio);
    const client = studio.client();
    await requestRecovery(client, user.email);
    const link = await latestLink(client, user.email, AppPaths.resetPassword);
    // The reset page asks on opening whether the link still works; asking does not use it up.
    const check = (token: string) => studio.client().post(ApiRoutes.recoverLinkCheck, { token });
    const token = tokenOf(link);
    expect((await check(token)).body).toEqual({ valid: true });
    expect((await check(token)).body).toEqual({ valid: true });
    expect((await openRecovery(client, link)).status).toBe(200);
    expect((await check(token)).body.error).toMatchObject({ code: 'invalid_request', message: Messages.linkInvalid });
    const again = studio.client();
    const reused = await openRecovery(again, link);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toMatchObject({ code: 'invalid_request', message: Messages.linkInvalid });
    expect((await again.get(ApiRoutes.session)).body.user).toBeNull();

    await requestRecovery(client, user.email);
    const second = await latestLink(client, user.email, AppPaths.resetPassword);
    await studio.deps
      .db('auth_tokens')
      .where({ user_id: user.id })
      .update({ expires_at: new Date(Date.now() - 1) });
    expect((await openRecovery(studio.client(), second)).body.error.message).toBe(Messages.linkInvalid);
  });

  it('does not accept a confirmation link as a reset link, nor the reverse', async () => {
    const client = studio.client();
    const email = uniqueEmail();
    await client.post(ApiRoutes.signup, { email, password: 'squatter-pass-77', confirmPassword: 'squatter-pass-77' });
    const confirmLink = await latestLink(client, email, AppPaths.confirmEmail);
    expect((await openRecovery(client, confirmLink)).body.error.message).toBe(Messages.linkInvalid);
    await requestRecovery(client, email);
    const resetLink = await latestLink(client, email, AppPaths.resetPassword);
    expect((await confirmEmail(client, resetLink, 'squatter-pass-77')).body.error.message).toBe(Messages.linkInvalid);
  });

  it('never opens a recovery session from a cross-site page or a GET', async () => {
    const user = await createUser(studio);
    const victim = await signIn(studio, studio.client(), await createUser(studio));
    await requestRecovery(studio.client(), user.email);
    const link = await latestLink(studio.client(), user.email, AppPaths.resetPassword);
    const token = encodeURIComponent(tokenOf(link));
    const old = await victim.get(`${ApiRoutes.recoverLink}?token=${token}`, { 'sec-fetch-site': 'cross-site' });
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`${AppPaths.resetPassword}?token=${token}`);
    expect(old.headers.getSetCookie()).toEqual([]);
    expect((await victim.post(ApiRoutes.recoverLink, { token: tokenOf(link) }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await victim.get(ApiRoutes.session)).body).toMatchObject({
      recovery: false,
      user: { email: expect.not.stringMatching(user.email) },
    });
    // Unspent: the owner's own submit still works.
    expect((await openRecovery(studio.client(), link)).status).toBe(200);
  });

  it('confirms an unconfirmed address when its owner sets a password from a reset link, retiring its confirmation links', async () => {
    const client = studio.client();
    const email = uniqueEmail();
    await client.post(ApiRoutes.signup, { email, password: 'first-password', confirmPassword: 'first-password' });
    const confirmLink = await latestLink(client, email, AppPaths.confirmEmail);
    await requestRecovery(client, email);
    await openRecovery(client, await latestLink(client, email, AppPaths.resetPassword));
    const update = await client.post(ApiRoutes.password, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(update.body.user.email_confirmed_at).not.toBeNull();
    expect((await studio.client().post(ApiRoutes.signin, { email, password: NEW_PASSWORD })).status).toBe(200);
    // The confirmation link has nothing left to do: it signs nobody in.
    const late = await confirmEmail(studio.client(), confirmLink, NEW_PASSWORD);
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe(Messages.linkInvalid);
  });

  it('lets a signed-in user change the password with the current one, ending their other sessions', async () => {
    const user = await createUser(studio);
    const here = studio.client();
    const there = studio.client();
    await here.post(ApiRoutes.signin, { email: user.email, password: user.password });
    await there.post(ApiRoutes.signin, { email: user.email, password: user.password });
    const weak = await here.post(ApiRoutes.password, {
      currentPassword: user.password,
      password: 'password1',
      confirmPassword: 'password1',
    });
    expect(weak.body.error).toMatchObject({ code: 'invalid_request', message: Messages.weakPassword });
    const update = await here.post(ApiRoutes.password, {
      currentPassword: user.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(update.status).toBe(200);
    expect((await here.get(ApiRoutes.session)).body.user).not.toBeNull();
    expect((await there.get(ApiRoutes.session)).body.user).toBeNull();
  });

  it('asks a signed-in user for the current password, so a stolen session cannot take the account', async () => {
    const user = await createUser(studio);
    const thief = studio.client();
    await thief.post(ApiRoutes.signin, { email: user.email, password: user.password });
    const bare = await thief.post(ApiRoutes.password, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toMatchObject({ code: 'invalid_request', message: Messages.currentPasswordRequired });
    const guessed = await thief.post(ApiRoutes.password, {
      currentPassword: 'a guess',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(guessed.status).toBe(400);
    expect(guessed.body.error).toMatchObject({ code: 'invalid_request', message: Messages.currentPasswordIncorrect });
    expect((await studio.client().post(ApiRoutes.signin, { email: user.email, password: user.password })).status).toBe(200);
    expect((await thief.get(ApiRoutes.session)).body.user).not.toBeNull();
  });

  it('lets an account without a password set one only within 10 minutes of signing in', async () => {
    const user = await createUser(studio);
    await studio.deps.db('users').where({ id: user.id }).update({ password_hash: null });
    const stale = await signIn(studio, studio.client(), user);
    await studio.deps
      .db('sessions')
      .where({ user_id: user.id })
      .update({ created_at: new Date(Date.now() - RECENT_SIGN_IN_MS - 60_000) });
    const refused = await stale.post(ApiRoutes.password, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: Messages.signInAgain });

    const fresh = await signIn(studio, studio.client(), user);
    expect((await fresh.post(ApiRoutes.password, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(200);
    expect((await studio.client().post(ApiRoutes.signin, { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses a password change without a session', async () => {
    const response = await studio.client().post(ApiRoutes.password, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.status).toBe(401);
  });
});
