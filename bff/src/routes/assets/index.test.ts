import fs from 'node:fs/promises';
import path from 'node:path';
import { ApiRoutes, Messages, type UserAsset } from '@studio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageAsset, signedInUser, startTestStudio, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

const db = () => studio.deps.db;

describe('the gallery API', () => {
  it('pages a gallery 20 at a time, newest first, without repeats when new images arrive between pages', async () => {
    const { user, client } = await signedInUser(studio);
    for (let i = 0; i < 45; i++) await createImageAsset(studio, user.id, { prompt: `image ${i}` });
    const seen: UserAsset[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const query: string = cursor ? `?cursor=${cursor}` : '';
      const res = await client.get(`${ApiRoutes.userAssets}/${user.id}${query}`);
      expect(res.status).toBe(200);
      sizes.push(res.body.assets.length);
      seen.push(...res.body.assets);
      cursor = res.body.nextCursor;
      // Made while the user scrolls: it belongs on top, not in the pages still to come.
      if (sizes.length === 1) await createImageAsset(studio, user.id, { prompt: 'made meanwhile' });
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen.map((a) => a.id)).size).toBe(45);
    expect(seen.map((a) => a.metadata.prompt)).not.toContain('made meanwhile');
    const times = seen.map((a) => Date.parse(a.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(seen[0]!.metadata).toMatchObject({ width: 64, height: 96, aspectRatio: '2:3', provider: 'local' });

    const fresh = await client.get(`${ApiRoutes.userAssets}/${user.id}`);
    expect(fresh.body.assets[0].metadata.prompt).toBe('made meanwhile');
    expect((await client.get(`${ApiRoutes.userAssets}/${user.id}?cursor=not-a-cursor`)).status).toBe(400);
    expect((await client.get(`${ApiRoutes.userAssets}/${user.id}?assetType=video`)).body).toMatchObject({
      assets: [],
      nextCursor: null,
    });
  });

  it("keeps galleries private: another user's id is refused, their files and thumbnails are not found", async () => {
    const owner = await signedInUser(studio);
    const other = await signedInUser(studio);
    const asset = await createImageAsset(studio, owner.user.id);
    const listed = await other.client.get(`${ApiRoutes.userAssets}/${owner.user.id}`);
    expect(listed.status).toBe(403);
    expect(listed.body.error.message).toBe(Messages.notYourData);
    expect((await other.client.get(asset.public_url)).status).toBe(404);
    expect((await other.client.get(asset.thumbnail_url!)).status).toBe(404);
    expect((await studio.client().get(asset.public_url)).status).toBe(404);
    expect((await other.client.delete(`${ApiRoutes.userAssets}/${asset.id}`)).status).toBe(404);
    const own = await owner.client.get(asset.public_url);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('cache-control')).toContain('private');
  });

  it('deletes an image with its file and cached thumbnails', async () => {
    const { user, client } = await signedInUser(studio);
    const asset = await createImageAsset(studio, user.id);
    expect((await client.get(asset.thumbnail_url!)).status).toBe(200);
    const thumbs = path.join(studio.deps.config.dataDir, 'objects', 'thumbs');
    expect((await fs.readdir(thumbs)).some((n) => n.startsWith(asset.id))).toBe(true);
    const res = await client.delete(`${ApiRoutes.userAssets}/${asset.id}`, { userId: user.id });
    expect(res.status).toBe(200);
    expect((await client.get(asset.public_url)).status).toBe(404);
    expect((await fs.readdir(thumbs)).some((n) => n.startsWith(asset.id))).toBe(false);
    const files = await fs.readdir(path.join(studio.deps.config.dataDir, 'objects/assets', user.id)).catch(() => []);
    expect(files).toEqual([]);
  });

  it('makes WebP thumbnails by width, height and quality (snapped up to the fixed sets) once, then serves them from disk; out-of-bounds sizes are refused', async () => {
    const { user, client } = await signedInUser(studio);
    const asset = await createImageAsset(studio, user.id, { width: 1080, height: 1920 });
    const url = `/media/thumbs/${asset.id}.webp`;
    const first = await client.get(`${url}?w=270&q=70`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    // 270 wide at quality 70 is served by the 480-wide thumbnail at 75.
    const cached = (await fs.readdir(path.join(studio.deps.config.dataDir, 'objects', 'thumbs'))).find((n) =>
      n.startsWith(`${asset.id}-w480-h0-q75`),
    )!;
    const made = (await fs.stat(path.join(studio.deps.config.dataDir, 'objects', 'thumbs', cached))).mtimeMs;
    const again = await client.get(`${url}?w=270&q=70`);
    expect(again.status).toBe(200);
    expect((await fs.stat(path.join(studio.deps.config.dataDir, 'objects', 'thumbs', cached))).mtimeMs).toBe(made);

    const res = await fetch(new URL(`${url}?w=200&h=200`, studio.url), { headers: { cookie: client.cookieHeader } });
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 240, height: 240 });
    for (const bad of ['w=5', 'w=5000', 'q=5', 'w=abc']) expect((await client.get(`${url}?${bad}`)).status).toBe(400);
  });

  it('lets only admins feature an image; visitors then see it on the discover feed, with its creator', async () => {
    const creator = await signedInUser(studio);
    await creator.client.patch(ApiRoutes.profile, { username: 'featured_maker' });
    const asset = await createImageAsset(studio, creator.user.id, { prompt: 'a red chair in a studio' });
    const refused = await creator.client.patch(`${ApiRoutes.featuredAsset}/${asset.id}/featured`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(Messages.adminAccessDenied);

    const visitor = studio.client();
    expect((await visitor.get(ApiRoutes.featuredImages)).body.images.map((i: { assetId: string }) => i.assetId)).not.toContain(asset.id);
    const admin = await signedInUser(studio, { email: 'admin@studio.local' });
    const featured = await admin.client.patch(`${ApiRoutes.featuredAsset}/${asset.id}/featured`, { isFeatured: true });
    expect(featured.body).toMatchObject({ success: true, asset: { id: asset.id, is_featured: true } });

    const feed = await visitor.get(ApiRoutes.featuredImages);
    expect(feed.status).toBe(200);
    expect(feed.body.images[0]).toMatchObject({
      assetId: asset.id,
      prompt: 'a red chair in a studio',
      creatorName: 'featured_maker',
      width: 64,
      height: 96,
    });
    const file = await visitor.get(asset.public_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toContain('public');

    const toggled = await admin.client.patch(`${ApiRoutes.featuredAsset}/${asset.id}/featured`, {});
    expect(toggled.body.asset.is_featured).toBe(false);
    expect((await visitor.get(asset.public_url)).status).toBe(404);
  });

  it('names a creator without a username by their full name on the public feed, and never by their e-mail address', async () => {
    // The other of the two admin addresses: the test before this one signed up the first.
    const admin = await signedInUser(studio, { email: 'owner@studio.local' });
    const feature = async (userId: string, prompt: string) => {
      const asset = await createImageAsset(studio, userId, { prompt });
      expect((await admin.client.patch(`${ApiRoutes.featuredAsset}/${asset.id}/featured`, { isFeatured: true })).status).toBe(200);
      return asset.id;
    };
    const named = await signedInUser(studio, { email: 'jane.quill.7731@example.com' });
    expect((await named.client.patch(ApiRoutes.profile, { full_name: 'Jane Quill' })).status).toBe(200);
    // Full names typed as the address, or as the part before its @, would give the address away.
    const asAddress = await signedInUser(studio, { email: 'otto.vance.4410@example.com' });
    expect((await asAddress.client.patch(ApiRoutes.profile, { full_name: 'otto.vance.4410@example.com' })).status).toBe(200);
    const asLocalPart = await signedInUser(studio, { email: 'mira_holt_5521@example.com' });
    expect((await asLocalPart.client.patch(ApiRoutes.profile, { full_name: 'Mira.Holt.5521' })).status).toBe(200);
    const unnamed = await signedInUser(studio, { email: 'pavel.nox.9902@example.com' });
    const ids = {
      named: await feature(named.user.id, 'a named creator'),
      asAddress: await feature(asAddress.user.id, 'an address as a name'),
      asLocalPart: await feature(asLocalPart.user.id, 'a local part as a name'),
      unnamed: await feature(unnamed.user.id, 'no name at all'),
    };

    const feed = await studio.client().get(ApiRoutes.featuredImages);
    expect(feed.status).toBe(200);
    const creatorOf = (id: string) => feed.body.images.find((i: { assetId: string }) => i.assetId === id)?.creatorName;
    expect(creatorOf(ids.named)).toBe('Jane Quill');
    expect([creatorOf(ids.asAddress), creatorOf(ids.asLocalPart), creatorOf(ids.unnamed)]).toEqual([null, null, null]);
    const body = JSON.stringify(feed.body).toLowerCase();
    for (const local of ['jane.quill.7731', 'otto.vance.4410', 'mira_holt_5521', 'mira.holt.5521', 'pavel.nox.9902', '@example.com'])
      expect(body).not.toContain(local);
  });

  it('associates an image with the user’s own character only; lists characters and (no) trained models', async () => {
    const { user, client } = await signedInUser(studio);
    const other = await signedInUser(studio);
    const [character] = await db()('characters').insert({ user_id: user.id, name: 'Mia' }).returning('id');
    const asset = await createImageAsset(studio, user.id);
    const foreign = await createImageAsset(studio, other.user.id);
    expect((await client.post(`${ApiRoutes.characters}/${character.id}/assets/${asset.id}`, { userId: user.id })).status).toBe(200);
    expect((await client.post(`${ApiRoutes.characters}/${character.id}/assets/${foreign.id}`, {})).status).toBe(404);
    expect((await other.client.post(`${ApiRoutes.characters}/${character.id}/assets/${foreign.id}`, {})).status).toBe(404);
    const list = await client.get(`${ApiRoutes.characters}/${user.id}`);
    expect(list.body.characters).toEqual([expect.objectContaining({ id: character.id, name: 'Mia', latestImageUrl: asset.public_url })]);
    expect((await other.client.get(`${ApiRoutes.characters}/${user.id}`)).status).toBe(403);
    expect((await client.get(`${ApiRoutes.userLoraModels}/${user.id}`)).body).toEqual({ success: true, models: [] });
    expect((await client.get(`${ApiRoutes.userLoraModels}/${other.user.id}`)).status).toBe(403);
  });

  it('never fetches a foreign URL for a video thumbnail', async () => {
    const res = await studio
      .client()
      .get(`${ApiRoutes.videoThumbnail}?url=${encodeURIComponent('http://169.254.169.254/latest/meta-data')}`);
    expect(res.status).toBe(404);
  });
});
