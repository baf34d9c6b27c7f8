import {
  AdCloneMessages,
  AdCloneRoutes,
  ApiRoutes,
  Messages,
  SCENE_TEMPLATES,
  StudioMessages,
  StudioRoutes,
  TASK_CREDITS,
  adPromptFrom,
} from '@studio/contracts';
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

const galleryOf = async (client: TestClient, userId: string) =>
  (await client.get(`${ApiRoutes.userAssets}/${userId}`)).body.assets as { id: string; metadata: Record<string, unknown> }[];
const refundsOf = (userId: string) => studio.deps.db('credit_transactions').where({ user_id: userId, transaction_type: 'TASK_REFUND' });

describe('Product Studio', () => {
  it('quotes every step from task_pricing', async () => {
    const { client } = await member(studio);
    const res = await client.get(StudioRoutes.prices);
    expect(res.status).toBe(200);
    expect(res.body.prices).toEqual({
      remove_background: TASK_CREDITS.studioStep,
      replace_background: TASK_CREDITS.studioStep,
      place: TASK_CREDITS.studioStep,
      upscale: TASK_CREDITS.upscale,
      reframe: TASK_CREDITS.studioStep,
    });
  });

  it('runs the steps on working copies, charges each once, and saves the result to the gallery', async () => {
    const { user, client } = await member(studio);
    const source = await createImageAsset(studio, user.id, { width: 160, height: 120 });

    const cut = await client.post(StudioRoutes.edit, { operation: 'remove_background', imageUrl: source.public_url, requestId: 'cut-1' });
    expect(cut.status).toBe(200);
    expect(cut.body).toMatchObject({ success: true, creditsUsed: 1, provider: 'local' });
    const cutFile = await client.get(cut.body.image.url);
    expect(cutFile.status).toBe(200);
    const cutBytes = await studio.deps.objects.read(`temp/${String(cut.body.image.url).split('/').pop()}`);
    expect((await sharp(cutBytes!).metadata()).hasAlpha).toBe(true);
    // A retried step is charged once.
    const again = await client.post(StudioRoutes.edit, { operation: 'remove_background', imageUrl: source.public_url, requestId: 'cut-1' });
    expect(again.status).toBe(200);
    expect(await balanceOf(client)).toBe(19);

    const scene = await client.post(StudioRoutes.edit, {
      operation: 'replace_background',
      imageUrl: cut.body.image.url,
      templateId: SCENE_TEMPLATES[0].id,
    });
    expect(scene.status).toBe(200);
    expect(scene.body.image).toMatchObject({ width: 160, height: 120 });

    const square = await client.post(StudioRoutes.edit, { operation: 'reframe', imageUrl: scene.body.image.url, aspectRatio: '1:1' });
    expect(square.body.image).toMatchObject({ width: 120, height: 120 });
    const tall = await client.post(StudioRoutes.edit, {
      operation: 'reframe',
      imageUrl: square.body.image.url,
      aspectRatio: '9:16',
      fit: 'extend',
    });
    expect(tall.body.image).toMatchObject({ width: 120, height: 213 });
    const big = await client.post(StudioRoutes.edit, { operation: 'upscale', imageUrl: tall.body.image.url });
    expect(big.body).toMatchObject({ creditsUsed: 2, image: { width: 240, height: 426 } });
    expect(await balanceOf(client)).toBe(20 - 4 * TASK_CREDITS.studioStep - TASK_CREDITS.upscale);

    // Working copies stay out of the gallery until saved.
    expect(await galleryOf(client, user.id)).toHaveLength(1);
    const saved = await client.post(StudioRoutes.save, { imageUrl: big.body.image.url, description: 'Marble counter, 9:16' });
    expect(saved.status).toBe(200);
    expect(saved.body.image).toMatchObject({ width: 240, height: 426 });
    const gallery = await galleryOf(client, user.id);
    expect(gallery[0]).toMatchObject({
      id: saved.body.image.assetId,
      metadata: { prompt: 'Marble counter, 9:16', model: 'product_studio' },
    });
  });

  it('places the product in a scene photo of the user’s', async () => {
    const { user, client } = await member(studio);
    const product = await createImageAsset(studio, user.id, { colour: '#dd2222' });
    const room = await createImageAsset(studio, user.id, { width: 200, height: 100, colour: '#336633' });
    const res = await client.post(StudioRoutes.edit, { operation: 'place', imageUrl: product.public_url, sceneUrl: room.public_url });
    expect(res.status).toBe(200);
    expect(res.body.image).toMatchObject({ width: 200, height: 100 });
  });

  it('applies its rules on the server with their messages, and charges nothing for refused steps', async () => {
    const { user, client } = await member(studio);
    const other = await member(studio);
    const mine = await createImageAsset(studio, user.id);
    const theirs = await createImageAsset(studio, other.user.id);
    const theirCopy = await other.client.post(StudioRoutes.edit, { operation: 'reframe', imageUrl: theirs.public_url, aspectRatio: '1:1' });
    const cases: [object, string][] = [
      [{ operation: 'replace_background', imageUrl: mine.public_url }, StudioMessages.backgroundRequired],
      [{ operation: 'replace_background', imageUrl: mine.public_url, templateId: 'beach' }, ''],
      [{ operation: 'place', imageUrl: mine.public_url }, StudioMessages.sceneRequired],
      [{ operation: 'place', imageUrl: mine.public_url, sceneUrl: theirs.public_url }, Messages.imageNotYours],
      [{ operation: 'remove_background' }, StudioMessages.imageRequired],
      [{ operation: 'remove_background', imageUrl: theirs.public_url }, Messages.imageNotYours],
      [{ operation: 'upscale', imageUrl: theirCopy.body.image.url }, Messages.imageNotYours],
      [{ operation: 'reframe', imageUrl: mine.public_url, aspectRatio: '2:1' }, ''],
      [{ operation: 'paint', imageUrl: mine.public_url }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await client.post(StudioRoutes.edit, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.error.message).toBe(message);
    }
    const save = await client.post(StudioRoutes.save, { imageUrl: theirCopy.body.image.url });
    expect(save.status).toBe(400);
    expect(save.body.error.message).toBe(Messages.imageNotYours);
    expect(await balanceOf(client)).toBe(20);
  });

  it('refuses with 402 when credits are short, and refunds each charge exactly once when a step fails', async () => {
    const { user, client } = await member(studio, { credits: 0 });
    const photo = await createImageAsset(studio, user.id);
    const spy = vi.spyOn(studio.deps.media, 'removeBackground');
    const short = await client.post(StudioRoutes.edit, { operation: 'remove_background', imageUrl: photo.public_url });
    expect(short.status).toBe(402);
    expect(short.body.error.details).toEqual({ creditsNeeded: 1 });
    expect(spy).not.toHaveBeenCalled();

    await studio.deps.db('profiles').where({ id: user.id }).update({ credits_remaining: 5 });
    vi.spyOn(studio.deps.media, 'replaceBackground').mockRejectedValue(new MediaError('upstream', 'provider down'));
    const step = { operation: 'replace_background', imageUrl: photo.public_url, prompt: 'on a beach', requestId: 'beach-1' };
    const failed = await client.post(StudioRoutes.edit, step);
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toBe(StudioMessages.failed);
    expect(await balanceOf(client)).toBe(5);
    expect(await refundsOf(user.id)).toHaveLength(1);
    // A failed request id runs again as a new attempt (like the prompt bar's): charged anew, and that charge refunded once.
    const retried = await client.post(StudioRoutes.edit, step);
    expect(retried.status).toBe(502);
    const refunds = await refundsOf(user.id);
    expect(refunds).toHaveLength(2);
    const charges = await studio.deps.db('credit_transactions').where({ user_id: user.id, transaction_type: 'TASK_DEBIT' });
    expect(new Set(refunds.map((r) => r.task_metadata.refunded_key))).toEqual(new Set(charges.map((c) => c.idempotency_key)));
    expect(await balanceOf(client)).toBe(5);
  });

  it('answers a replayed requestId with its first answer, charged once; the same id with other input is a 409 that runs nothing', async () => {
    const { user, client } = await member(studio);
    const photo = await createImageAsset(studio, user.id, { width: 160, height: 120 });
    const other = await createImageAsset(studio, user.id, { width: 100, height: 100 });
    const upscale = vi.spyOn(studio.deps.media, 'upscale');
    const step = { operation: 'reframe', imageUrl: photo.public_url, aspectRatio: '1:1', requestId: 'frame-1' };
    const first = await client.post(StudioRoutes.edit, step);
    expect(first.status).toBe(200);
    const again = await client.post(StudioRoutes.edit, step);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(client)).toBe(20 - TASK_CREDITS.studioStep);

    const replays = [
      { operation: 'upscale', imageUrl: photo.public_url, requestId: 'frame-1' },
      { operation: 'reframe', imageUrl: other.public_url, aspectRatio: '1:1', requestId: 'frame-1' },
      { operation: 'reframe', imageUrl: photo.public_url, aspectRatio: '9:16', requestId: 'frame-1' },
    ];
    for (const body of replays) {
      const res = await client.post(StudioRoutes.edit, body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.error.message).toBe(Messages.requestIdReused);
    }
    expect(upscale).not.toHaveBeenCalled();
    expect(await balanceOf(client)).toBe(20 - TASK_CREDITS.studioStep);
  });
});

describe('Ad Clone', () => {
  it('describes the reference, then makes the ads with the product into the gallery, 1 credit each', async () => {
    const { user, client } = await member(studio);
    const reference = await createImageAsset(studio, user.id, { width: 160, height: 200, colour: '#d9822b' });
    const product = await createImageAsset(studio, user.id, { colour: '#2255cc' });
    const described = await client.post(AdCloneRoutes.describe, { referenceUrl: reference.public_url });
    expect(described.status).toBe(200);
    expect(described.body).toMatchObject({ success: true, provider: 'local', creditsUsed: 1 });
    expect(described.body.prompt).toBe(adPromptFrom(described.body.description));

    const request = {
      referenceUrl: reference.public_url,
      productUrl: product.public_url,
      prompt: described.body.prompt,
      imageCount: 2,
      requestId: 'ad-1',
    };
    const made = await client.post(AdCloneRoutes.generate, request);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ creditsUsed: 2, provider: 'local' });
    expect(made.body.images).toHaveLength(2);
    expect(made.body.images[0]).toMatchObject({ width: 1024, height: 1024 });
    // A retry of the same request answers the same ads, charged once.
    const again = await client.post(AdCloneRoutes.generate, request);
    expect(again.body.images).toEqual(made.body.images);
    expect(await balanceOf(client)).toBe(20 - 1 - 2);
    const gallery = await galleryOf(client, user.id);
    expect(gallery.filter((a) => a.metadata.model === 'ad_clone')).toHaveLength(2);

    // The local engine gives the ads the reference's colour: warmer than the same scene without it.
    const row = await studio.deps.db('user_assets').where({ id: made.body.images[0].assetId }).first();
    const { data } = await sharp((await studio.deps.objects.read(row.storage_key))!)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let warm = 0;
    for (let i = 0; i < data.length; i += 3) warm += data[i]! - data[i + 2]!;
    expect(warm / (data.length / 3)).toBeGreaterThan(20);
  });

  it('refuses others’ images and missing parts with their messages, charging nothing; refunds a failed run once', async () => {
    const { user, client } = await member(studio);
    const other = await member(studio);
    const mine = await createImageAsset(studio, user.id);
    const theirs = await createImageAsset(studio, other.user.id);
    const cases: [object, string][] = [
      [{ productUrl: mine.public_url, prompt: 'an ad' }, AdCloneMessages.referenceRequired],
      [{ referenceUrl: mine.public_url, prompt: 'an ad' }, AdCloneMessages.productRequired],
      [{ referenceUrl: mine.public_url, productUrl: mine.public_url, prompt: ' ' }, AdCloneMessages.promptRequired],
      [{ referenceUrl: theirs.public_url, productUrl: mine.public_url, prompt: 'an ad' }, Messages.imageNotYours],
      [{ referenceUrl: mine.public_url, productUrl: mine.public_url, prompt: 'an ad', imageCount: 5 }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await client.post(AdCloneRoutes.generate, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.error.message).toBe(message);
    }
    expect((await client.post(AdCloneRoutes.describe, { referenceUrl: theirs.public_url })).status).toBe(400);
    expect(await balanceOf(client)).toBe(20);

    vi.spyOn(studio.deps.media, 'generateImage').mockRejectedValue(new MediaError('upstream', 'provider down'));
    const failed = await client.post(AdCloneRoutes.generate, {
      referenceUrl: mine.public_url,
      productUrl: mine.public_url,
      prompt: 'an ad',
      imageCount: 3,
    });
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toBe(AdCloneMessages.failed);
    expect(await balanceOf(client)).toBe(20);
    expect(await refundsOf(user.id)).toHaveLength(1);
    expect((await galleryOf(client, user.id)).length).toBe(1);
  });

  it('refuses an Ad Clone requestId replayed with another prompt (409), making and charging nothing more', async () => {
    const { user, client } = await member(studio);
    const reference = await createImageAsset(studio, user.id);
    const product = await createImageAsset(studio, user.id, { colour: '#2255cc' });
    const request = { referenceUrl: reference.public_url, productUrl: product.public_url, prompt: 'an ad', requestId: 'ad-replay' };
    const made = await client.post(AdCloneRoutes.generate, request);
    expect(made.status).toBe(200);
    const spy = vi.spyOn(studio.deps.media, 'generateImage');
    const changed = await client.post(AdCloneRoutes.generate, { ...request, prompt: 'a different ad', imageCount: 4 });
    expect(changed.status).toBe(409);
    expect(changed.body.error.message).toBe(Messages.requestIdReused);
    expect(spy).not.toHaveBeenCalled();
    expect(await balanceOf(client)).toBe(19);
  });

  it('answers a replayed Ad Clone describe requestId with its first answer, charged once; other input is a 409', async () => {
    const { user, client } = await member(studio);
    const reference = await createImageAsset(studio, user.id, { colour: '#d9822b' });
    const another = await createImageAsset(studio, user.id, { colour: '#2255cc' });
    const first = await client.post(AdCloneRoutes.describe, { referenceUrl: reference.public_url, requestId: 'look-1' });
    expect(first.status).toBe(200);
    const spy = vi.spyOn(studio.deps.media, 'describeImage');
    const again = await client.post(AdCloneRoutes.describe, { referenceUrl: reference.public_url, requestId: 'look-1' });
    expect(again.body).toEqual(first.body);
    const changed = await client.post(AdCloneRoutes.describe, { referenceUrl: another.public_url, requestId: 'look-1' });
    expect(changed.status).toBe(409);
    expect(changed.body.error.message).toBe(Messages.requestIdReused);
    expect(spy).not.toHaveBeenCalled();
    expect(await balanceOf(client)).toBe(19);
  });
});
