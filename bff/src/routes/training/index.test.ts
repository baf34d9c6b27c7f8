import { ApiRoutes, Messages, planLimitsFor, TASK_CREDITS, TrainingMessages, TrainingRoutes, type TrainedModel } from '@studio/contracts';
import { gradeDistance, NO_FACE, type ImageData } from '@studio/media';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { balanceOf, createImageAsset, startTestStudio, type TestClient, type TestStudio, member } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  // The fast engine: what the local engine learns from faces, and how it places a person in a scene,
  // is tested in packages/media (character.test.ts); here, what the studio does with it.
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

/** A warm, golden photo (sky, ground, bottle), a little different each time. */
const warmPhoto = (i: number) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="180">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6c27a"/><stop offset="1" stop-color="#e07b39"/></linearGradient></defs>
  <rect width="240" height="180" fill="url(#s)"/><rect y="${110 + i * 5}" width="240" height="80" fill="#8a4b20"/>
  <rect x="${90 + i * 10}" y="50" width="40" height="90" rx="10" fill="#c0392b"/></svg>`),
  )
    .png()
    .toBuffer();

async function trainingForm(fields: Record<string, string>, count: number): Promise<FormData> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (let i = 0; i < count; i++) form.set(`image_${i}`, new Blob([new Uint8Array(await warmPhoto(i))], { type: 'image/png' }), `${i}.png`);
  return form;
}

async function waitUntilTrained(client: TestClient, id: string): Promise<TrainedModel> {
  const started = Date.now();
  for (;;) {
    const res = await client.get(`${TrainingRoutes.models}/${id}`);
    expect(res.status).toBe(200);
    if (res.body.model.status === 'ready' || res.body.model.status === 'failed') return res.body.model;
    if (Date.now() - started > 60_000) throw new Error(`still ${JSON.stringify(res.body.model)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The stored file of a generated image. */
async function generatedImage(userId: string, assetId: string): Promise<ImageData> {
  const row = await studio.deps.db('user_assets').where({ id: assetId, user_id: userId }).first();
  const data = (await studio.deps.objects.read(row.storage_key))!;
  const m = await sharp(data).metadata();
  return { data, mime: 'image/png', width: m.width, height: m.height };
}

const generate = (client: TestClient, models: string[]) => {
  const form = new FormData();
  form.set('prompt', 'a glass bottle on a wooden table, green plants');
  form.set('aspectRatio', '1:1');
  form.set('selectedLoRAModels', JSON.stringify(models));
  return client.post(ApiRoutes.generateImage, form);
};

describe('styles', () => {
  it('lists the global styles with sample images anyone can see', async () => {
    // Signed out.
    const visitor = studio.client();
    const res = await visitor.get(TrainingRoutes.styles);
    expect(res.body.global.length).toBe(6);
    expect(res.body.global[0]).toMatchObject({ id: 'global_golden_hour', name: 'Golden hour', type: 'global' });
    const sample = await fetch(new URL(res.body.global[0].sampleImageUrl, visitor.baseUrl));
    expect(sample.status).toBe(200);
    expect(sample.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await sample.arrayBuffer())).metadata()).width).toBe(480);
    expect((await visitor.get(`${TrainingRoutes.styles}/nope/sample`)).status).toBe(404);
  });

  it('applies a global style to generated images (Film noir: no colour left)', async () => {
    const { user, client } = await member(studio, { tier: 'trial' });
    const models = await client.get(ApiRoutes.imageModels);
    expect(models.body.models.map((m: { id: string }) => m.id)).toContain('global_film_noir');
    const res = await generate(client, ['flux_krea', 'global_film_noir']);
    expect(res.status).toBe(200);
    const { data, info } = await sharp((await generatedImage(user.id, res.body.image.assetId)).data)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let colour = 0;
    for (let i = 0; i < data.length; i += 3) colour += Math.abs(data[i]! - data[i + 1]!) + Math.abs(data[i + 1]! - data[i + 2]!);
    expect(colour / (info.width * info.height)).toBeLessThan(4);
    const asset = (await client.get(`${ApiRoutes.userAssets}/${user.id}`)).body.assets[0];
    expect(asset.metadata.selectedLoRAModels).toEqual(['flux_krea', 'global_film_noir']);
  });
});

describe('training a style', () => {
  it('is for Pro plans only: others get a 402 and nothing is kept', async () => {
    const { user, client } = await member(studio, { tier: 'trial' });
    const res = await client.post(TrainingRoutes.models, await trainingForm({ kind: 'style', name: 'Warm' }, 4));
    expect(res.status).toBe(402);
    expect(res.body.error.message).toBe(TrainingMessages.proOnly);
    expect(await studio.deps.db('trained_models').where({ user_id: user.id })).toEqual([]);
  });

  it('checks the name and the number of images, with their messages', async () => {
    const { client } = await member(studio, { tier: 'pro' });
    const cases: [FormData, string][] = [
      [await trainingForm({ kind: 'style', name: 'Warm' }, 2), TrainingMessages.tooFewImages],
      [await trainingForm({ kind: 'style', name: '  ' }, 4), TrainingMessages.nameRequired],
      [await trainingForm({ kind: 'style', name: 'x'.repeat(61) }, 4), TrainingMessages.nameTooLong],
    ];
    for (const [form, message] of cases) {
      const res = await client.post(TrainingRoutes.models, form);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const svg = new FormData();
    svg.set('kind', 'style');
    svg.set('name', 'Bad');
    for (let i = 0; i < 3; i++)
      svg.set(`image_${i}`, new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/png' }), 'x.png');
    const refused = await client.post(TrainingRoutes.models, svg);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(Messages.imageTypeInvalid);
  });

  it('trains as a durable job, then generates in the learned style; others see it only once shared', async () => {
    const { user, client } = await member(studio, { tier: 'pro' });
    const other = await member(studio, { tier: 'trial' });
    const started = await client.post(TrainingRoutes.models, await trainingForm({ kind: 'style', name: 'Golden set' }, 4));
    expect(started.status).toBe(200);
    expect(started.body.model).toMatchObject({ name: 'Golden set', kind: 'style', provider: 'local', isShared: false });
    const model = await waitUntilTrained(client, started.body.model.id);
    expect(model).toMatchObject({ status: 'ready', progress: 100, error: null });
    expect(model.palette.length).toBeGreaterThan(0);
    expect((await client.get(model.sampleImageUrl!)).status).toBe(200);

    const own = await client.get(`${ApiRoutes.userLoraModels}/${user.id}`);
    expect(own.body.models).toEqual([expect.objectContaining({ id: model.id, name: 'Golden set', type: 'style', status: 'ready' })]);

    // The learned style moves a generation's colours toward the training photos'.
    const plain = await generate(client, ['flux_krea']);
    const styled = await generate(client, ['flux_krea', model.id]);
    expect(styled.status).toBe(200);
    const row = await studio.deps.db('trained_models').where({ id: model.id }).first();
    const before = await gradeDistance(await generatedImage(user.id, plain.body.image.assetId), row.grade);
    const after = await gradeDistance(await generatedImage(user.id, styled.body.image.assetId), row.grade);
    expect(after).toBeLessThan(before * 0.6);

    // Another user: not theirs to see or use, until it is shared.
    expect((await other.client.get(`${TrainingRoutes.models}/${model.id}`)).status).toBe(404);
    expect((await other.client.get(model.sampleImageUrl!)).status).toBe(404);
    const refused = await generate(other.client, ['flux_krea', model.id]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(Messages.unknownModel);
    expect((await other.client.patch(`${TrainingRoutes.models}/${model.id}`, { isShared: true })).status).toBe(404);

    const shared = await client.patch(`${TrainingRoutes.models}/${model.id}`, { isShared: true });
    expect(shared.body.model.isShared).toBe(true);
    const styles = await other.client.get(TrainingRoutes.styles);
    expect(styles.body.community).toEqual([expect.objectContaining({ id: model.id, name: 'Golden set', type: 'community' })]);
    expect((await other.client.get(model.sampleImageUrl!)).status).toBe(200);
    expect((await generate(other.client, ['flux_krea', model.id])).status).toBe(200);

    expect((await other.client.delete(`${TrainingRoutes.models}/${model.id}`)).status).toBe(404);
    expect((await client.delete(`${TrainingRoutes.models}/${model.id}`)).status).toBe(200);
    expect((await client.get(`${ApiRoutes.userLoraModels}/${user.id}`)).body.models).toEqual([]);
  });
});

describe('training a character', () => {
  afterEach(() => vi.restoreAllMocks());
  const demo = join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo');
  // One woman of a group photo, alone in the frame: a character's photos show no one else.
  const facePhoto = (change: (s: Sharp) => Sharp) =>
    change(sharp(readFileSync(join(demo, 'sample3.jpg'))).extract({ left: 900, top: 30, width: 600, height: 800 }))
      .resize({ width: 640, height: 640, fit: 'inside' })
      .jpeg()
      .toBuffer();
  async function characterForm(name: string, photos: Buffer[]): Promise<FormData> {
    const form = new FormData();
    form.set('kind', 'character');
    form.set('name', name);
    photos.forEach((photo, i) => form.set(`image_${i}`, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${i}.jpg`));
    return form;
  }

  it('learns the face, becomes a character with its sample, and puts its cut-out in the scenes generated with it', async () => {
    const { user, client } = await member(studio, { tier: 'pro' });
    const photos = await Promise.all(
      [(s: Sharp) => s, (s: Sharp) => s.flop(), (s: Sharp) => s.modulate({ brightness: 1.15 })].map(facePhoto),
    );
    const started = await client.post(TrainingRoutes.models, await characterForm('Mia', photos));
    expect(started.status).toBe(200);
    const model = await waitUntilTrained(client, started.body.model.id);
    expect(model).toMatchObject({ kind: 'character', status: 'ready' });

    const characters = (await client.get(`${ApiRoutes.characters}/${user.id}`)).body.characters;
    expect(characters).toEqual([expect.objectContaining({ name: 'Mia', latestImageUrl: model.sampleImageUrl, voiceSettings: null })]);
    const own = (await client.get(`${ApiRoutes.userLoraModels}/${user.id}`)).body.models;
    expect(own).toEqual([expect.objectContaining({ id: model.id, type: 'character', status: 'ready' })]);

    // The engine is asked to place the character’s reference cut-out in the scene, as a person.
    const engineCall = vi.spyOn(studio.deps.media, 'generateImage');
    const made = await generate(client, ['flux_krea', model.id]);
    expect(made.status).toBe(200);
    const row = await studio.deps.db('trained_models').where({ id: model.id }).first();
    const reference = await studio.deps.objects.read(row.reference_key);
    expect(engineCall).toHaveBeenCalledOnce();
    expect(engineCall.mock.calls[0]![0].person?.data.equals(reference!)).toBe(true);
    const asset = await studio.deps.db('user_assets').where({ id: made.body.image.assetId }).first();
    expect(asset.character_id).toBe(characters[0].id);
    // The character's latest image is now the generated one.
    const after = (await client.get(`${ApiRoutes.characters}/${user.id}`)).body.characters[0];
    expect(after.latestImageUrl).toBe(made.body.image.url);

    // With a product photo (an edit), the character is placed beside the product, not left out.
    const editCall = vi.spyOn(studio.deps.media, 'editImage');
    const bottle = await sharp({ create: { width: 64, height: 96, channels: 3, background: '#c8801e' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('prompt', 'holding the bottle in a bright kitchen');
    form.set('aspectRatio', '1:1');
    form.set('selectedLoRAModels', JSON.stringify([model.id]));
    form.set('image', new Blob([new Uint8Array(bottle)], { type: 'image/png' }), 'bottle.png');
    const edited = await client.post(ApiRoutes.generateImage, form);
    expect(edited.status).toBe(200);
    expect(editCall).toHaveBeenCalledOnce();
    expect(editCall.mock.calls[0]![0].person?.data.equals(reference!)).toBe(true);
  }, 120_000);

  it('fails with a clear reason when a photo shows no face', async () => {
    const { client } = await member(studio, { tier: 'pro' });
    const blank = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#bbbbbb' } })
      .jpeg()
      .toBuffer();
    const started = await client.post(TrainingRoutes.models, await characterForm('Nobody', [blank, blank, blank]));
    const model = await waitUntilTrained(client, started.body.model.id);
    expect(model).toMatchObject({ status: 'failed', error: NO_FACE });
  }, 60_000);
});

describe('what a training costs and keeps', () => {
  afterEach(() => vi.restoreAllMocks());
  const history = async (client: TestClient) =>
    (await client.get(ApiRoutes.creditHistory)).body.transactions.filter(
      (t: { task_type: string | null }) => t.task_type === 'training',
    ) as {
      transaction_type: string;
      amount: number;
    }[];
  const storageUsed = async (client: TestClient) => (await client.get(ApiRoutes.usageLimits)).body.storageUsedBytes as number;
  /** The bytes a model keeps in the object store: its photos, sample and reference. */
  const storedBytes = async (id: string) => {
    const row = await studio.deps.db('trained_models').where({ id }).first();
    const keys = [...row.image_keys, row.sample_key, row.reference_key].filter(Boolean) as string[];
    const files = await Promise.all(keys.map((key) => studio.deps.objects.read(key)));
    return files.reduce((sum, file) => sum + file!.length, 0);
  };

  it('debits the training’s price once, and its photos count in the storage used', async () => {
    const { client } = await member(studio, { tier: 'pro', credits: 20 });
    expect(await storageUsed(client)).toBe(0);
    const started = await client.post(TrainingRoutes.models, await trainingForm({ kind: 'style', name: 'Paid' }, 4));
    expect(started.status).toBe(200);
    expect(await balanceOf(client)).toBe(20 - TASK_CREDITS.training);
    const model = await waitUntilTrained(client, started.body.model.id);
    expect(model.status).toBe('ready');
    expect(await balanceOf(client)).toBe(20 - TASK_CREDITS.training);
    expect(await history(client)).toEqual([expect.objectContaining({ transaction_type: 'TASK_DEBIT', amount: -TASK_CREDITS.training })]);

    const kept = await storedBytes(model.id);
    expect(kept).toBeGreaterThan(4 * 1000);
    expect(await storageUsed(client)).toBe(kept);
    await client.delete(`${TrainingRoutes.models}/${model.id}`);
    expect(await storageUsed(client)).toBe(0);
    // A finished training is not refunded when it is deleted.
    expect(await balanceOf(client)).toBe(20 - TASK_CREDITS.training);
  });

  it('gives the credits back once when the training fails', async () => {
    const { client } = await member(studio, { tier: 'pro', credits: 20 });
    const blank = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#bbbbbb' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('kind', 'character');
    form.set('name', 'Nobody');
    for (let i = 0; i < 3; i++) form.set(`image_${i}`, new Blob([new Uint8Array(blank)], { type: 'image/jpeg' }), `${i}.jpg`);
    const started = await client.post(TrainingRoutes.models, form);
    expect(started.status).toBe(200);
    const model = await waitUntilTrained(client, started.body.model.id);
    expect(model.status).toBe('failed');
    expect(await balanceOf(client)).toBe(20);
    // Deleting the failed model gives nothing more.
    expect((await client.delete(`${TrainingRoutes.models}/${model.id}`)).status).toBe(200);
    expect(await balanceOf(client)).toBe(20);
    expect((await history(client)).map((t) => t.transaction_type).sort()).toEqual(['TASK_DEBIT', 'TASK_REFUND']);
  }, 60_000);

  it('runs one training at a time: a second start is a 409 that charges nothing; cancelling the first refunds it once', async () => {
    const { client } = await member(studio, { tier: 'pro', credits: 20 });
    // The engine holds the trainings: both starts meet the first one still running.
    vi.spyOn(studio.deps.jobs, 'startTraining').mockResolvedValue(undefined);
    const forms = await Promise.all([1, 2].map(async (n) => trainingForm({ kind: 'style', name: `Look ${n}` }, 4)));
    const both = await Promise.all(forms.map((form) => client.post(TrainingRoutes.models, form)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(refused.body.error).toMatchObject({ code: 'conflict', message: Messages.trainingInProgress });
    const again = await client.post(TrainingRoutes.models, await trainingForm({ kind: 'style', name: 'Look 3' }, 4));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(Messages.trainingInProgress);
    expect(await balanceOf(client)).toBe(20 - TASK_CREDITS.training);
    const running = both.find((r) => r.status === 200)!.body.model as TrainedModel;
    expect((await client.get(TrainingRoutes.models)).body.models.map((m: TrainedModel) => m.id)).toEqual([running.id]);
    const kept = await storedBytes(running.id);
    expect(await storageUsed(client)).toBe(kept);

    // Deleting a training still running cancels it, and gives its credits back once.
    expect((await client.delete(`${TrainingRoutes.models}/${running.id}`)).status).toBe(200);
    expect(await balanceOf(client)).toBe(20);
    expect((await history(client)).map((t) => t.transaction_type).sort()).toEqual(['TASK_DEBIT', 'TASK_REFUND']);
    // The next one may start.
    expect((await client.post(TrainingRoutes.models, await trainingForm({ kind: 'style', name: 'Look 4' }, 4))).status).toBe(200);
  });

  it('refuses a training without the credits for it, with the spec’s message, keeping nothing', async () => {
    const { user, client } = await member(studio, { tier: 'pro', credits: TASK_CREDITS.training - 1 });
    const res = await client.post(TrainingRoutes.models, await trainingForm({ kind: 'style', name: 'Short' }, 4));
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: 'insufficient_credits', message: Messages.insufficientCredits });
    expect(await studio.deps.db('trained_models').where({ user_id: user.id })).toEqual([]);
    expect(await balanceOf(client)).toBe(TASK_CREDITS.training - 1);
  });

  it('refuses a training past the storage quota, with the spec’s message, charging and keeping nothing', async () => {
    const { user, client } = await member(studio, { tier: 'pro', credits: 20 });
    const limit = planLimitsFor('pro').storageGB * 1024 ** 3;
    const asset = await createImageAsset(studio, user.id);
    // Full: refused before the photos are read.
    await studio.deps.db('user_assets').where({ id: asset.id }).update({ file_size: limit });
    const full = await client.post(TrainingRoutes.models, await trainingForm({ kind: 'style', name: 'Full' }, 4));
    expect(full.status).toBe(403);
    expect(full.body.error.message).toBe(Messages.storageFull);
    // Nearly full: the photos themselves would pass the limit.
    await studio.deps
      .db('user_assets')
      .where({ id: asset.id })
      .update({ file_size: limit - 1000 });
    const nearly = await client.post(TrainingRoutes.models, await trainingForm({ kind: 'style', name: 'Nearly' }, 4));
    expect(nearly.status).toBe(403);
    expect(nearly.body.error.message).toBe(Messages.storageFull);
    expect(await studio.deps.db('trained_models').where({ user_id: user.id })).toEqual([]);
    expect(await balanceOf(client)).toBe(20);
    expect(await storageUsed(client)).toBe(limit - 1000);
  });
});
