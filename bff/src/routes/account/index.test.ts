import fs from 'node:fs/promises';
import path from 'node:path';
import { ApiRoutes, Messages, PaymentRoutes, RECENT_SIGN_IN_MS } from '@studio/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createImageAsset, createUser, member, signIn, startTestStudio, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());
beforeEach(() => studio.deps.rateLimitStore.reset());

const countRows = async (table: string, column: string, id: string) =>
  Number((await studio.deps.db(table).where(column, id).count('* as n').first())!.n);

describe('DELETE /api/account', () => {
  it('deletes the user and everything of theirs, and signs every browser out', async () => {
    const user = await createUser(studio);
    const other = await createUser(studio);
    const client = studio.client();
    const elsewhere = studio.client();
    await client.post(ApiRoutes.signin, { email: user.email, password: user.password });
    await elsewhere.post(ApiRoutes.signin, { email: user.email, password: user.password });
    const otherClient = studio.client();
    await otherClient.post(ApiRoutes.signin, { email: other.email, password: other.password });
    await client.post(ApiRoutes.recover, { email: user.email });
    await studio.deps.db('oauth_identities').insert({ user_id: user.id, provider: 'google', subject: `sub-${user.id}`, email: user.email });
    const avatars = path.join(studio.deps.config.dataDir, 'objects', 'avatars');
    await fs.mkdir(avatars, { recursive: true });
    await fs.writeFile(path.join(avatars, `${user.id}-abc.jpg`), 'jpeg');
    await fs.writeFile(path.join(avatars, `${other.id}-def.jpg`), 'jpeg');
    const objects = path.join(studio.deps.config.dataDir, 'objects');
    const [mine, theirs] = [await createImageAsset(studio, user.id), await createImageAsset(studio, other.id)];
    expect((await client.get(mine.thumbnail_url!)).status).toBe(200);
    expect((await otherClient.get(theirs.thumbnail_url!)).status).toBe(200);
    const thumbsOf = async (assetId: string) =>
      (await fs.readdir(path.join(objects, 'thumbs'))).filter((name) => name.startsWith(`${assetId}-`));
    expect(await thumbsOf(mine.id)).toHaveLength(1);
    expect(await countRows('profiles', 'id', user.id)).toBe(1);
    expect(await countRows('credit_transactions', 'user_id', user.id)).toBe(1);

    const response = await client.delete(ApiRoutes.account, { password: user.password });
    expect(response.status).toBe(204);
    expect(client.cookieHeader).toBe('');

    for (const [table, column] of [
      ['users', 'id'],
      ['profiles', 'id'],
      ['credit_transactions', 'user_id'],
      ['sessions', 'user_id'],
      ['auth_tokens', 'user_id'],
      ['oauth_identities', 'user_id'],
    ] as const) {
      expect(await countRows(table, column, user.id), table).toBe(0);
    }
    expect(await fs.readdir(avatars)).toEqual([`${other.id}-def.jpg`]);
    // Their files went with them; everyone else's stayed.
    expect(await fs.readdir(path.join(objects, 'assets', user.id)).catch(() => [])).toEqual([]);
    expect(await thumbsOf(mine.id)).toEqual([]);
    expect(await fs.readdir(path.join(objects, 'assets', other.id))).toHaveLength(1);
    expect(await thumbsOf(theirs.id)).toHaveLength(1);
    expect((await elsewhere.get(ApiRoutes.session)).body.user).toBeNull();
    const signin = await studio.client().post(ApiRoutes.signin, { email: user.email, password: user.password });
    expect(signin.body.error.message).toBe(Messages.invalidCredentials);

    // Nobody else lost anything.
    expect(await countRows('users', 'id', other.id)).toBe(1);
    expect(await countRows('profiles', 'id', other.id)).toBe(1);
  });

  it('asks for the password, so a stolen session alone cannot delete the account', async () => {
    const user = await createUser(studio);
    const client = studio.client();
    await client.post(ApiRoutes.signin, { email: user.email, password: user.password });
    const bare = await client.delete(ApiRoutes.account);
    expect(bare.status).toBe(400);
    expect(bare.body.error).toMatchObject({ code: 'invalid_request', message: Messages.currentPasswordRequired });
    const wrong = await client.delete(ApiRoutes.account, { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'invalid_request', message: Messages.currentPasswordIncorrect });
    expect(await countRows('users', 'id', user.id)).toBe(1);
    expect((await client.get(ApiRoutes.session)).body.user).not.toBeNull();
  });

  it('deletes an account without a password only within 10 minutes of signing in', async () => {
    const user = await createUser(studio);
    await studio.deps.db('users').where({ id: user.id }).update({ password_hash: null });
    const stale = await signIn(studio, studio.client(), user);
    await studio.deps
      .db('sessions')
      .where({ user_id: user.id })
      .update({ created_at: new Date(Date.now() - RECENT_SIGN_IN_MS - 60_000) });
    const refused = await stale.delete(ApiRoutes.account, {});
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: Messages.signInAgain });
    expect(await countRows('users', 'id', user.id)).toBe(1);

    const fresh = await signIn(studio, studio.client(), user);
    expect((await fresh.delete(ApiRoutes.account, {})).status).toBe(204);
    expect(await countRows('users', 'id', user.id)).toBe(0);
  });

  it('answers 401 without a session', async () => {
    const response = await studio.client().delete(ApiRoutes.account);
    expect(response.status).toBe(401);
    expect(response.body.error).toEqual({ code: 'unauthenticated', message: Messages.pleaseSignIn });
  });

  it('refuses a deletion requested from another site (CSRF)', async () => {
    const user = await createUser(studio);
    const client = studio.client();
    await client.post(ApiRoutes.signin, { email: user.email, password: user.password });
    const response = await client.request('DELETE', ApiRoutes.account, undefined, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await countRows('users', 'id', user.id)).toBe(1);
  });

  it('leaves nothing of the user in the object store, and cancels their paid plan and customer at the provider', async () => {
    const { user, client } = await member(studio);
    const other = await createUser(studio);
    const { objects, db } = studio.deps;
    const voice = `cloned-${user.id.slice(0, 8)}`;
    await db('voice_profiles').insert({ user_id: user.id, name: 'Mine', voice_id: voice, type: 'cloned' });
    const asset = await createImageAsset(studio, user.id);
    expect((await client.get(asset.thumbnail_url!)).status).toBe(200);
    const photos = Array.from({ length: 31 }, (_, i) => `models/${user.id}/model-1/${i}.jpg`);
    for (const key of [
      ...photos,
      `models/${user.id}/model-1/reference.png`,
      `temp/${user.id}-upload.png`,
      `avatars/${user.id}-face.jpg`,
      `previews/${user.id}-${voice}.mp3`,
      `previews/${voice}.mp3`,
      `models/${other.id}/model-2/0.jpg`,
      `avatars/${other.id}-face.jpg`,
    ])
      await objects.put(key, Buffer.from('bytes'));

    // A paid plan, through the checkout page.
    const emulator = studio.deps.payments!.emulator!;
    const growth = await db('subscription_plans').where({ plan_tier: 'growth' }).first();
    const checkout = await client.post(PaymentRoutes.subscriptionCheckout, { planId: growth.id });
    await fetch(`${checkout.body.url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ cardNumber: '4242424242424242' }),
    });
    await emulator.webhooks.settled();
    const { stripe_customer_id: customer, current_subscription_id: subscription } = await db('profiles').where({ id: user.id }).first();
    expect(emulator.store.get(subscription)).toMatchObject({ status: 'active' });

    const root = path.join(studio.deps.config.dataDir, 'objects');
    const everything = async () => (await fs.readdir(root, { recursive: true })).map((name) => name.split(path.sep).join('/'));
    const theirs = (names: string[]) => names.filter((name) => [user.id, voice, asset.id].some((id) => name.includes(id)));
    expect(theirs(await everything()).filter((name) => name.startsWith('models/'))).toHaveLength(31 + 1 + 2);

    const response = await client.delete(ApiRoutes.account, { password: user.password });
    expect(response.status).toBe(204);
    await emulator.webhooks.settled();

    expect(theirs(await everything())).toEqual([]);
    expect(await everything()).toEqual(expect.arrayContaining([`models/${other.id}/model-2/0.jpg`, `avatars/${other.id}-face.jpg`]));
    expect(emulator.store.get(subscription)).toMatchObject({ status: 'canceled' });
    expect(emulator.store.get(customer)).toMatchObject({ deleted: true });
    await expect(studio.deps.payments!.stripe.customers.retrieve(customer)).resolves.toMatchObject({ deleted: true });
  });

  it('limits wrong passwords like sign-in does', async () => {
    const user = await createUser(studio);
    const client = studio.client();
    await client.post(ApiRoutes.signin, { email: user.email, password: user.password });
    for (let i = 0; i < 10; i++) expect((await client.delete(ApiRoutes.account, { password: `wrong-${i}` })).status).toBe(400);
    const limited = await client.delete(ApiRoutes.account, { password: 'wrong-again' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.error).toEqual({ code: 'rate_limited', message: Messages.tooManyRequests });
    // Limited even with the right password, until the window passes: a guess that happens to be right is still a guess.
    expect((await client.delete(ApiRoutes.account, { password: user.password })).status).toBe(429);
    expect(await countRows('users', 'id', user.id)).toBe(1);
  });
});
