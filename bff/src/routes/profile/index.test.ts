import { randomBytes } from 'node:crypto';
import { ApiRoutes, AVATAR_SIZE_PX, INITIAL_TRIAL_CREDITS, Messages } from '@studio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateProfileRow } from '../../services/profiles.ts';
import { createUser, signedInUser, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

const ledgerRows = (userId: string) => studio.deps.db('credit_transactions').where({ user_id: userId });

const png = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

function avatarForm(content: Buffer, name = 'avatar.png', type = 'image/png', field = 'avatar'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(content)], { type }), name);
  return form;
}

const uploadAvatar = (client: TestClient, form: FormData) => client.request('POST', ApiRoutes.avatar, form);

describe('GET /api/profile', () => {
  it('needs a session', async () => {
    const res = await studio.client().get(ApiRoutes.profile);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('creates the profile on first read: tier trial and 20 credits through the ledger', async () => {
    const { user, client } = await signedInUser(studio);
    const res = await client.get(ApiRoutes.profile);
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      id: user.id,
      email: user.email,
      subscription_tier: 'trial',
      credits_remaining: INITIAL_TRIAL_CREDITS,
      username: null,
      avatar_url: null,
    });
    expect(new Date(res.body.profile.updated_at).toISOString()).toBe(res.body.profile.updated_at);
    const rows = await ledgerRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      transaction_type: 'TRIAL_CREDIT',
      amount: INITIAL_TRIAL_CREDITS,
      balance_after: INITIAL_TRIAL_CREDITS,
    });
  });

  it('gives one profile and one grant to concurrent first reads', async () => {
    const { user, client } = await signedInUser(studio);
    const responses = await Promise.all(Array.from({ length: 12 }, () => client.get(ApiRoutes.profile)));
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(new Set(responses.map((r) => r.body.profile.credits_remaining))).toEqual(new Set([INITIAL_TRIAL_CREDITS]));
    expect(await ledgerRows(user.id)).toHaveLength(1);
    expect(await studio.deps.db('profiles').where({ id: user.id })).toHaveLength(1);
  });
});

describe('PATCH /api/profile', () => {
  it.each([
    ['', Messages.usernameRequired],
    ['ab', Messages.usernameLength],
    ['a'.repeat(21), Messages.usernameLength],
    ['bad-name', Messages.usernameCharacters],
    ['with space', Messages.usernameCharacters],
    ['_leading', Messages.usernameUnderscore],
    ['trailing_', Messages.usernameUnderscore],
  ])('refuses username %j with "%s"', async (username, message) => {
    const { client } = await signedInUser(studio);
    const res = await client.patch(ApiRoutes.profile, { username });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', message });
  });

  it('stores the username lowercased, and the full name', async () => {
    const { client } = await signedInUser(studio);
    const res = await client.patch(ApiRoutes.profile, { username: 'Mixed_Case1', full_name: '  Ada Lovelace ' });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ username: 'mixed_case1', full_name: 'Ada Lovelace' });
    expect((await client.get(ApiRoutes.profile)).body.profile.username).toBe('mixed_case1');
  });

  it('records once that the welcome modal was closed (spec 1 §4), and never takes it back', async () => {
    const { client } = await signedInUser(studio);
    expect((await client.get(ApiRoutes.profile)).body.profile.welcome_shown).toBe(false);
    const closed = await client.patch(ApiRoutes.profile, { welcome_shown: true });
    expect(closed.status).toBe(200);
    expect(closed.body.profile.welcome_shown).toBe(true);
    expect((await client.patch(ApiRoutes.profile, { welcome_shown: false })).status).toBe(400);
    expect((await client.get(ApiRoutes.profile)).body.profile.welcome_shown).toBe(true);
  });

  it('keeps usernames unique whatever the case, and the user’s own name is not taken', async () => {
    const a = await signedInUser(studio);
    const b = await signedInUser(studio);
    expect((await a.client.patch(ApiRoutes.profile, { username: 'unique_one' })).status).toBe(200);

    const clash = await b.client.patch(ApiRoutes.profile, { username: 'UNIQUE_ONE' });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: 'conflict', message: Messages.usernameTaken });

    const again = await a.client.patch(ApiRoutes.profile, { username: 'Unique_One' });
    expect(again.status).toBe(200);
    expect(again.body.profile.username).toBe('unique_one');
  });

  it('lets one of two users racing for a name win; the other hears "Username is already taken"', async () => {
    for (let round = 0; round < 3; round++) {
      const users = await Promise.all(Array.from({ length: 3 }, () => signedInUser(studio)));
      await Promise.all(users.map((u) => u.client.get(ApiRoutes.profile)));
      const name = `race_${round}_${randomBytes(3).toString('hex')}`;
      const results = await Promise.all(users.map((u) => u.client.patch(ApiRoutes.profile, { username: name })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const loser of results.filter((r) => r.status !== 200)) {
        expect(loser.status).toBe(409);
        expect(loser.body.error.message).toBe(Messages.usernameTaken);
      }
    }
  });

  it('turns the unique index’s refusal into "Username is already taken" when the check is raced past', async () => {
    const a = await signedInUser(studio);
    const b = await signedInUser(studio);
    await Promise.all([a.client.get(ApiRoutes.profile), b.client.get(ApiRoutes.profile)]);
    await studio.deps.db('profiles').where({ id: a.user.id }).update({ username: 'held_name' });
    // Straight to the write, as a request that passed the availability check a moment earlier would.
    const error = await updateProfileRow(studio.deps.db, b.user.id, { username: 'HELD_NAME' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'conflict', message: Messages.usernameTaken });
  });

  it('does not let users point their avatar anywhere but at their own upload', async () => {
    const { client } = await signedInUser(studio);
    for (const avatar_url of ['https://evil.example/x.png', '/media/avatars/../../etc/passwd', 'javascript:alert(1)']) {
      const res = await client.patch(ApiRoutes.profile, { avatar_url });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(Messages.avatarNotUploaded);
    }
    const cleared = await client.patch(ApiRoutes.profile, { avatar_url: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.profile.avatar_url).toBeNull();
  });

  it('answers 400, never 500, to malformed input', async () => {
    const { client } = await signedInUser(studio);
    const badJson = await client.request('PATCH', ApiRoutes.profile, undefined, { 'content-type': 'application/json' });
    expect(badJson.status).toBeLessThan(500);
    const broken = await fetch(new URL(ApiRoutes.profile, studio.url), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: client.cookieHeader, origin: client.origin },
      body: '{"username": ',
    });
    expect(broken.status).toBe(400);
    for (const body of [{ username: 42 }, { full_name: ['x'] }, { unexpected: true }, { full_name: 'x'.repeat(101) }, []]) {
      const res = await client.patch(ApiRoutes.profile, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });
});

describe('GET /api/profile/username-available', () => {
  it('answers the rule messages first, then taken or not', async () => {
    const owner = await signedInUser(studio);
    await owner.client.patch(ApiRoutes.profile, { username: 'already_here' });
    const { client } = await signedInUser(studio);
    const check = async (username: string) =>
      (await client.get(`${ApiRoutes.usernameAvailable}?username=${encodeURIComponent(username)}`)).body;

    expect(await check('ab')).toEqual({ available: false, message: Messages.usernameLength });
    expect(await check('no-dash')).toEqual({ available: false, message: Messages.usernameCharacters });
    expect(await check('_edge')).toEqual({ available: false, message: Messages.usernameUnderscore });
    expect(await check('')).toEqual({ available: false, message: Messages.usernameRequired });
    expect(await check('Already_Here')).toEqual({ available: false, message: Messages.usernameTaken });
    expect(await check('free_name_42')).toEqual({ available: true, message: null });
    expect((await owner.client.get(`${ApiRoutes.usernameAvailable}?username=already_here`)).body).toEqual({
      available: true,
      message: null,
    });
  });

  it('needs the parameter and a session', async () => {
    const { client } = await signedInUser(studio);
    expect((await client.get(ApiRoutes.usernameAvailable)).status).toBe(400);
    expect((await client.get(`${ApiRoutes.usernameAvailable}?username=a&username=b`)).status).toBe(400);
    expect((await studio.client().get(`${ApiRoutes.usernameAvailable}?username=abc`)).status).toBe(401);
  });
});

describe('POST /api/profile/avatar', () => {
  it('stores an uploaded PNG as a 96×96 JPEG served by the bff', async () => {
    const { user, client } = await signedInUser(studio);
    const res = await uploadAvatar(client, avatarForm(await png(300, 200)));
    expect(res.status).toBe(200);
    const url: string = res.body.profile.avatar_url;
    expect(url).toMatch(new RegExp(`^/media/avatars/${user.id}-[\\w-]+\\.jpg$`));

    const served = await fetch(new URL(url, studio.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toContain('max-age');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX });
    expect((await client.get(ApiRoutes.profile)).body.profile.avatar_url).toBe(url);
  });

  it('judges the content, not the declared type or name', async () => {
    const { client } = await signedInUser(studio);
    const fake = await uploadAvatar(client, avatarForm(Buffer.from('just some text, not an image'), 'photo.png', 'image/png'));
    expect(fake.status).toBe(400);
    expect(fake.body.error.message).toBe(Messages.avatarNotImage);

    const webpAsText = await sharp({ create: { width: 50, height: 80, channels: 3, background: '#08f' } })
      .webp()
      .toBuffer();
    const real = await uploadAvatar(client, avatarForm(webpAsText, 'notes.txt', 'text/plain'));
    expect(real.status).toBe(200);
  });

  it('refuses images of 5 MB or more with "Image must be smaller than 5MB"', async () => {
    const { client } = await signedInUser(studio);
    // Noise does not compress: a 1500×1400 RGB PNG is about 6 MB.
    const big = await sharp(randomBytes(1500 * 1400 * 3), { raw: { width: 1500, height: 1400, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await uploadAvatar(client, avatarForm(big));
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'payload_too_large', message: Messages.avatarTooLarge });
    // Answered before the whole upload was read: the connection is not kept for the next request.
    expect(res.headers.get('connection')).toBe('close');
    expect((await client.get(ApiRoutes.profile)).body.profile.avatar_url).toBeNull();
  });

  it('needs a file in the "avatar" field of a multipart form', async () => {
    const { client } = await signedInUser(studio);
    const wrongField = await uploadAvatar(client, avatarForm(await png(), 'a.png', 'image/png', 'picture'));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error.message).toBe(Messages.avatarNotImage);
    const json = await client.post(ApiRoutes.avatar, { avatar: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(400);
    expect(json.body.error.message).toBe(Messages.avatarNotImage);
    const two = avatarForm(await png());
    two.append('avatar', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'b.png');
    expect((await uploadAvatar(client, two)).status).toBe(400);
    expect((await studio.client().request('POST', ApiRoutes.avatar, avatarForm(await png()))).status).toBe(401);
  });

  it('replaces only the uploader’s own avatar and removes their old file', async () => {
    const a = await signedInUser(studio);
    const b = await signedInUser(studio);
    const first = (await uploadAvatar(a.client, avatarForm(await png()))).body.profile.avatar_url as string;
    const bUrl = (await uploadAvatar(b.client, avatarForm(await png(120, 120)))).body.profile.avatar_url as string;
    expect(bUrl).not.toBe(first);
    expect((await a.client.get(ApiRoutes.profile)).body.profile.avatar_url).toBe(first);
    expect((await fetch(new URL(first, studio.url))).status).toBe(200);

    const stolen = await b.client.patch(ApiRoutes.profile, { avatar_url: first });
    expect(stolen.status).toBe(400);
    expect((await b.client.get(ApiRoutes.profile)).body.profile.avatar_url).toBe(bUrl);

    const second = (await uploadAvatar(a.client, avatarForm(await png(64, 64)))).body.profile.avatar_url as string;
    expect(second).not.toBe(first);
    expect((await fetch(new URL(first, studio.url))).status).toBe(404);
    expect((await fetch(new URL(second, studio.url))).status).toBe(200);

    const cleared = await a.client.patch(ApiRoutes.profile, { avatar_url: null });
    expect(cleared.body.profile.avatar_url).toBeNull();
    expect((await fetch(new URL(second, studio.url))).status).toBe(404);
  });

  it('serves only file names it generated', async () => {
    const user = await createUser(studio);
    for (const name of ['x.jpg', `${user.id}-short.jpg`, '..%2F..%2Fetc%2Fpasswd', `${user.id}-abcdefghijklmnopqrstuv.png`]) {
      expect((await fetch(new URL(`/media/avatars/${name}`, studio.url))).status).toBe(404);
    }
  });
});

describe('OpenAPI', () => {
  it('describes the profile and media routes', async () => {
    const { body } = await studio.client().get(ApiRoutes.openapi);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/profile', '/api/profile/username-available', '/api/profile/avatar', '/media/avatars/{file}']),
    );
    expect(Object.keys(body.paths['/api/profile'])).toEqual(expect.arrayContaining(['get', 'patch']));
  });
});
