import { ApiRoutes, AppPaths, Messages } from '@studio/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, startTestStudio, type TestStudio } from '../../../test/harness.ts';
import { latestLink, uniqueEmail } from './test-helpers.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());
beforeEach(() => studio.deps.rateLimitStore.reset());

const NEW_PASSWORD = 'a brand new password';
const outboxFor = async (email: string) => (await studio.client().get(`${ApiRoutes.devOutbox}?to=${encodeURIComponent(email)}`)).body.messages;

describe('password recovery', () => {
  it('answers the same for an unknown e-mail and sends it nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await studio.client().post(ApiRoutes.recover, { email });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: Messages.recoverSent });
    expect(await outboxFor(email)).toEqual([]);
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
    const recover = await client.post(ApiRoutes.recover, { email: user.email.toUpperCase() });
    expect(recover.body).toEqual({ message: Messages.recoverSent });
    const link = await latestLink(client, user.email, ApiRoutes.recoverLink);
    expect(link.startsWith(`${studio.deps.config.appUrl}${ApiRoutes.recoverLink}?token=`)).toBe(true);

    const verify = await client.get(link);
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe(AppPaths.resetPassword);
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
    expect((await elsewhere.get(ApiRoutes.session)).status).toBe(401);
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
    await client.post(ApiRoutes.recover, { email: user.email });
    const link = await latestLink(client, user.email, ApiRoutes.recoverLink);
    expect((await client.get(link)).headers.get('location')).toBe(AppPaths.resetPassword);
    const invalid = `${AppPaths.resetPassword}?error=${encodeURIComponent(Messages.linkInvalid)}`;
    const again = studio.client();
    expect((await again.get(link)).headers.get('location')).toBe(invalid);
    expect((await again.get(ApiRoutes.session)).status).toBe(401);

    await client.post(ApiRoutes.recover, { email: user.email });
    const second = await latestLink(client, user.email, ApiRoutes.recoverLink);
    await studio.deps.db('auth_tokens').where({ user_id: user.id }).update({ expires_at: new Date(Date.now() - 1) });
    expect((await studio.client().get(second)).headers.get('location')).toBe(invalid);
  });

  it('does not accept a confirmation link as a reset link, nor the reverse', async () => {
    const client = studio.client();
    const email = uniqueEmail();
    await client.post(ApiRoutes.signup, { email, password: 'pw123456', confirmPassword: 'pw123456' });
    const confirmLink = new URL(await latestLink(client, email, ApiRoutes.confirm));
    const asReset = await client.get(`${ApiRoutes.recoverLink}${confirmLink.search}`);
    expect(asReset.headers.get('location')).toContain(`${AppPaths.resetPassword}?error=`);
  });

  it('confirms an unconfirmed address when its owner sets a password from a reset link', async () => {
    const user = await createUser(studio, { confirmed: false });
    const client = studio.client();
    await client.post(ApiRoutes.recover, { email: user.email });
    await client.get(await latestLink(client, user.email, ApiRoutes.recoverLink));
    const update = await client.post(ApiRoutes.password, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(update.body.user.email_confirmed_at).not.toBeNull();
    expect((await studio.client().post(ApiRoutes.signin, { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('lets a signed-in user change the password, ending their other sessions', async () => {
    const user = await createUser(studio);
    const here = studio.client();
    const there = studio.client();
    await here.post(ApiRoutes.signin, { email: user.email, password: user.password });
    await there.post(ApiRoutes.signin, { email: user.email, password: user.password });
    const update = await here.post(ApiRoutes.password, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(update.status).toBe(200);
    expect((await here.get(ApiRoutes.session)).status).toBe(200);
    expect((await there.get(ApiRoutes.session)).status).toBe(401);
  });

  it('refuses a password change without a session', async () => {
    const response = await studio.client().post(ApiRoutes.password, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.status).toBe(401);
  });
});
