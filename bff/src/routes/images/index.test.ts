import { ApiRoutes, Messages, PREBUILT_IMAGE_MODELS } from '@studio/contracts';
import { MediaError } from '@studio/media';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createImageAsset, startTestStudio, type TestClient, type TestStudio, member, balanceOf } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());
afterEach(() => vi.restoreAllMocks());

const db = () => studio.deps.db;

const assetsOf = async (client: TestClient, userId: string) =>
  (await client.get(`${ApiRoutes.userAssets}/${userId}`)).body.assets as { id: string; metadata: { prompt: string } }[];

function generation(fields: Record<string, string>, files: Record<string, Buffer> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [k, v] of Object.entries(files)) form.set(k, new Blob([new Uint8Array(v)], { type: 'image/png' }), `${k}.png`);
  return form;
}
const photo = (colour = '#cc5522') =>
  sharp({ create: { width: 120, height: 160, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe('image generation', () => {
  it('lists the pre-built models first, then the global styles', async () => {
    const { client } = await member(studio);
    const res = await client.get(ApiRoutes.imageModels);
    const models = res.body.models as { id: string; type: string }[];
    expect(models.slice(0, PREBUILT_IMAGE_MODELS.length).map((m) => m.id)).toEqual(PREBUILT_IMAGE_MODELS.map((m) => m.id));
    expect(models.slice(PREBUILT_IMAGE_MODELS.length).every((m) => m.type === 'global' || m.type === 'community')).toBe(true);
    // With no hosted key the offline engine makes the images, and the prompt bar is told so.
    expect(res.body.engine).toBe('local');
  });

  it('generates images into the gallery, 1 credit each, newest first, labelled as the local engine', async () => {
    const { user, client } = await member(studio);
    const res = await client.post(
      ApiRoutes.generateImage,
      generation({ prompt: 'a glass bottle on marble', aspectRatio: '1:1', imageCount: '2' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      mode: 'generate',
      model: 'flux_krea',
      provider: 'local',
      creditsUsed: 2,
      prompt: 'a glass bottle on marble',
    });
    expect(res.body.images).toHaveLength(2);
    expect(res.body.images[0]).toMatchObject({ width: 1024, height: 1024 });
    expect(await balanceOf(client)).toBe(18);
    const gallery = await assetsOf(client, user.id);
    expect(gallery.map((a) => a.id).sort()).toEqual(res.body.images.map((i: { assetId: string }) => i.assetId).sort());
    expect(gallery[0]!.metadata.prompt).toBe('a glass bottle on marble');
    const file = await client.get(res.body.image.url);
    expect(file.status).toBe(200);
  });

  it('answers a retried requestId with the same images, charged once', async () => {
    const { user, client } = await member(studio);
    const form = () => generation({ prompt: 'a lamp', aspectRatio: '1:1', requestId: 'req-lamp-1' });
    const first = await client.post(ApiRoutes.generateImage, form());
    const again = await client.post(ApiRoutes.generateImage, form());
    expect(again.status).toBe(200);
    expect(again.body.image.assetId).toBe(first.body.image.assetId);
    expect(await balanceOf(client)).toBe(19);
    expect(await assetsOf(client, user.id)).toHaveLength(1);
  });

  it('refunds exactly once and keeps nothing when the engine fails; the same request may then run again', async () => {
    const { user, client } = await member(studio);
    vi.spyOn(studio.deps.media, 'generateImage').mockRejectedValueOnce(new MediaError('upstream', 'provider down'));
    const form = () => generation({ prompt: 'a vase', aspectRatio: '1:1', imageCount: '3', requestId: 'req-vase' });
    const failed = await client.post(ApiRoutes.generateImage, form());
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toBe(Messages.failedToGenerateImage);
    expect(await balanceOf(client)).toBe(20);
    expect(await assetsOf(client, user.id)).toEqual([]);
    const refunds = await db()('credit_transactions').where({ user_id: user.id, transaction_type: 'TASK_REFUND' });
    expect(refunds).toHaveLength(1);

    const retried = await client.post(ApiRoutes.generateImage, form());
    expect(retried.status).toBe(200);
    expect(await balanceOf(client)).toBe(17);
  });

  it('refuses with 402 (saying what it needed) and makes nothing when credits are short', async () => {
    const { user, client } = await member(studio, { credits: 1 });
    const spy = vi.spyOn(studio.deps.media, 'generateImage');
    const res = await client.post(ApiRoutes.generateImage, generation({ prompt: 'two chairs', imageCount: '2' }));
    expect(res.status).toBe(402);
    expect(res.body.error.message).toBe(Messages.insufficientCredits);
    // What the request needed, so the upgrade dialog can say how many more (2 − 1 = 1).
    expect(res.body.error.details).toEqual({ creditsNeeded: 2 });
    expect(spy).not.toHaveBeenCalled();
    expect(await assetsOf(client, user.id)).toEqual([]);
    expect(await balanceOf(client)).toBe(1);
  });

  it('applies the prompt bar rules on the server, with the spec’s messages', async () => {
    const { user, client } = await member(studio);
    const other = await member(studio);
    const cases: [FormData, number, string][] = [
      [generation({ prompt: '  ' }), 400, Messages.promptRequired],
      [
        generation({ prompt: 'place it', selectedLoRAModels: '["kontext_multi"]' }, { image: await photo() }),
        400,
        Messages.productPlacementNeedsTwoImages,
      ],
      [
        generation({ prompt: 'place it', selectedLoRAModels: '["kontext_multi"]' }, { image2: await photo() }),
        400,
        Messages.productPlacementNeedsTwoImages,
      ],
      [generation({ prompt: 'x' }, { image: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }), 400, Messages.imageTypeInvalid],
      [generation({ prompt: 'x', userId: other.user.id }), 403, Messages.notYourData],
      [generation({ prompt: 'x', imageUrl: 'http://169.254.169.254/latest' }), 400, Messages.imageNotYours],
    ];
    for (const [form, status, message] of cases) {
      const res = await client.post(ApiRoutes.generateImage, form);
      expect([res.status, res.body.error?.message]).toEqual([status, message]);
    }
    expect(await balanceOf(client)).toBe(20);
    expect(await assetsOf(client, user.id)).toEqual([]);
  });

  it('edits an uploaded image through its private temporary URL', async () => {
    const { client } = await member(studio);
    const other = await member(studio);
    const uploaded = await client.post(ApiRoutes.uploadTempImage, generation({}, { image: await photo('#2266aa') }));
    expect(uploaded.status).toBe(200);
    const url: string = uploaded.body.imageUrl;
    expect((await client.get(url)).status).toBe(200);
    expect((await other.client.get(url)).status).toBe(404);
    const refused = await other.client.post(ApiRoutes.generateImage, generation({ prompt: 'warmer light', imageUrl: url }));
    expect(refused.body.error.message).toBe(Messages.imageNotYours);

    const edited = await client.post(ApiRoutes.generateImage, generation({ prompt: 'warmer light', imageUrl: url, aspectRatio: '3:4' }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ mode: 'edit', model: 'google_edit', creditsUsed: 1 });
  });

  it('refuses new work when the plan’s storage is full, charging nothing', async () => {
    const { user, client } = await member(studio);
    const asset = await createImageAsset(studio, user.id);
    await db()('user_assets')
      .where({ id: asset.id })
      .update({ file_size: 1024 ** 3 });
    const res = await client.post(ApiRoutes.generateImage, generation({ prompt: 'one more' }));
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(Messages.storageFull);
    expect(await balanceOf(client)).toBe(20);
  });

  it('upscales one of the user’s images 2× into a new gallery image (2 credits); foreign URLs are refused', async () => {
    const { user, client } = await member(studio);
    const asset = await createImageAsset(studio, user.id, { width: 100, height: 150 });
    const res = await client.post(ApiRoutes.upscaleImage, { imageUrl: asset.public_url, userId: user.id });
    expect(res.status).toBe(200);
    expect(res.body.image).toMatchObject({ width: 200, height: 300 });
    expect(await balanceOf(client)).toBe(18);
    const foreign = await client.post(ApiRoutes.upscaleImage, { imageUrl: 'https://example.com/a.png' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toBe(Messages.imageNotYours);
    expect(await balanceOf(client)).toBe(18);
  });

  it('describes an image for the prompt (1 credit), refunding when the engine fails', async () => {
    const { client } = await member(studio);
    const res = await client.post(ApiRoutes.describeImage, generation({}, { image: await photo('#d4a017') }));
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe('local');
    expect(res.body.description.length).toBeGreaterThan(10);
    expect(await balanceOf(client)).toBe(19);
    vi.spyOn(studio.deps.media, 'describeImage').mockRejectedValueOnce(new MediaError('timeout', 'slow'));
    const failed = await client.post(ApiRoutes.describeImage, generation({}, { image: await photo() }));
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toBe(Messages.failedToDescribe);
    expect(await balanceOf(client)).toBe(19);
  });

  it('refuses a requestId replayed with another prompt or image (409), making and charging nothing more', async () => {
    const { user, client } = await member(studio);
    const first = await client.post(ApiRoutes.generateImage, generation({ prompt: 'a lamp', aspectRatio: '1:1', requestId: 'req-swap' }));
    expect(first.status).toBe(200);
    const spy = vi.spyOn(studio.deps.media, 'generateImage');
    const replays = [
      generation({ prompt: 'a castle', aspectRatio: '1:1', requestId: 'req-swap' }),
      generation({ prompt: 'a lamp', aspectRatio: '1:1', imageCount: '4', requestId: 'req-swap' }),
      generation({ prompt: 'a lamp', aspectRatio: '1:1', requestId: 'req-swap' }, { image: await photo() }),
    ];
    for (const form of replays) {
      const res = await client.post(ApiRoutes.generateImage, form);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(Messages.requestIdReused);
    }
    expect(spy).not.toHaveBeenCalled();
    expect(await balanceOf(client)).toBe(19);
    expect(await assetsOf(client, user.id)).toHaveLength(1);
  });

  it('answers another user’s character id exactly like one that does not exist, charging nothing', async () => {
    const { user, client } = await member(studio);
    const owner = await member(studio);
    const [theirs] = await db()('characters').insert({ user_id: owner.user.id, name: 'Mia' }).returning('id');
    const [mine] = await db()('characters').insert({ user_id: user.id, name: 'Leo' }).returning('id');
    const missing = await client.post(
      ApiRoutes.generateImage,
      generation({ prompt: 'a portrait', sourceCharacterId: crypto.randomUUID() }),
    );
    const foreign = await client.post(ApiRoutes.generateImage, generation({ prompt: 'a portrait', sourceCharacterId: theirs.id }));
    expect(missing.status).toBe(404);
    expect([foreign.status, foreign.body]).toEqual([missing.status, missing.body]);
    expect(await balanceOf(client)).toBe(20);
    expect(await assetsOf(client, user.id)).toEqual([]);

    const own = await client.post(ApiRoutes.generateImage, generation({ prompt: 'a portrait', sourceCharacterId: mine.id }));
    expect(own.status).toBe(200);
    const row = await db()('user_assets').where({ id: own.body.image.assetId }).first();
    expect(row.character_id).toBe(mine.id);
  });

  it('answers a replayed upscale requestId with its first image, charged once; other input is a 409', async () => {
    const { user, client } = await member(studio);
    const asset = await createImageAsset(studio, user.id, { width: 100, height: 150 });
    const another = await createImageAsset(studio, user.id, { width: 80, height: 80 });
    const first = await client.post(ApiRoutes.upscaleImage, { imageUrl: asset.public_url, requestId: 'up-1' });
    expect(first.status).toBe(200);
    const spy = vi.spyOn(studio.deps.media, 'upscale');
    const again = await client.post(ApiRoutes.upscaleImage, { imageUrl: asset.public_url, requestId: 'up-1' });
    expect(again.body).toEqual(first.body);
    const changed = await client.post(ApiRoutes.upscaleImage, { imageUrl: another.public_url, requestId: 'up-1' });
    expect(changed.status).toBe(409);
    expect(changed.body.error.message).toBe(Messages.requestIdReused);
    expect(spy).not.toHaveBeenCalled();
    expect(await balanceOf(client)).toBe(18);
    expect(await assetsOf(client, user.id)).toHaveLength(3);
  });

  it('answers a replayed describe requestId with its first description, charged once; another image is a 409', async () => {
    const { client } = await member(studio);
    const image = await photo('#d4a017');
    const first = await client.post(ApiRoutes.describeImage, generation({ requestId: 'look-1' }, { image }));
    expect(first.status).toBe(200);
    const spy = vi.spyOn(studio.deps.media, 'describeImage');
    const again = await client.post(ApiRoutes.describeImage, generation({ requestId: 'look-1' }, { image }));
    expect(again.body).toEqual(first.body);
    const changed = await client.post(ApiRoutes.describeImage, generation({ requestId: 'look-1' }, { image: await photo('#2266aa') }));
    expect(changed.status).toBe(409);
    expect(changed.body.error.message).toBe(Messages.requestIdReused);
    expect(spy).not.toHaveBeenCalled();
    expect(await balanceOf(client)).toBe(19);
  });
});
