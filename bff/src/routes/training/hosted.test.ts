/**
 * With FAL_KEY a style is also trained as a LoRA on fal's trainer (here: the fal double): the
 * photos go zipped with a trigger word, the LoRA's URL is kept, and a hosted generation with the
 * style takes the LoRA and its trigger word.
 */
import { ApiRoutes, TrainingRoutes } from '@studio/contracts';
import AdmZip from 'adm-zip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFalDouble, type FalDouble } from '../../../../packages/media/test/fal-double.ts';
import { ensureProfile, signedInUser, startTestStudio, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
let fal: FalDouble;
beforeAll(async () => {
  fal = await startFalDouble();
  studio = await startTestStudio({ FAL_KEY: 'test-key', FAL_BASE_URL: fal.url });
}, 120_000);
afterAll(async () => {
  await studio?.stop();
  await fal?.close();
});

describe('a style trained on the hosted trainer', () => {
  it('sends the zipped photos with a trigger word, keeps the LoRA, and generates with it', async () => {
    const { user, client } = await signedInUser(studio);
    await ensureProfile(studio, user, 20);
    await studio.deps.db('profiles').where({ id: user.id }).update({ subscription_tier: 'pro' });
    const form = new FormData();
    form.set('kind', 'style');
    form.set('name', 'Hosted look');
    for (let i = 0; i < 4; i++) {
      const photo = await sharp({
        create: { width: 64, height: 48, channels: 3, background: ['#e8a33d', '#d9822b', '#f2b950', '#c96f1f'][i]! },
      })
        .png()
        .toBuffer();
      form.set(`image_${i}`, new Blob([new Uint8Array(photo)], { type: 'image/png' }), `${i}.png`);
    }
    const started = await client.post(TrainingRoutes.models, form);
    expect(started.status).toBe(200);
    expect(started.body.model).toMatchObject({ provider: 'fal', triggerWord: expect.stringMatching(/^stl[0-9a-f]{8}$/) });
    const id = started.body.model.id as string;
    let model = started.body.model;
    for (let i = 0; i < 300 && model.status !== 'ready' && model.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      model = (await client.get(`${TrainingRoutes.models}/${id}`)).body.model;
    }
    expect(model).toMatchObject({ status: 'ready', progress: 100 });

    const training = fal.submitted.find((s) => s.endpoint === 'fal-ai/flux-lora-fast-training')!;
    expect(training.input).toMatchObject({ trigger_word: model.triggerWord, is_style: true });
    const zip = new AdmZip(Buffer.from(String(training.input.images_data_url).replace(/^data:application\/zip;base64,/, ''), 'base64'));
    expect(zip.getEntries().map((e) => e.entryName)).toEqual(['01.png', '02.png', '03.png', '04.png']);
    const row = await studio.deps.db('trained_models').where({ id }).first();
    expect(row.lora_url).toMatch(/\.safetensors$/);

    const generation = new FormData();
    generation.set('prompt', 'a mug on a desk');
    generation.set('aspectRatio', '1:1');
    generation.set('selectedLoRAModels', JSON.stringify(['flux_krea', id]));
    const made = await client.post(ApiRoutes.generateImage, generation);
    expect(made.status).toBe(200);
    expect(made.body.provider).toBe('fal');
    const call = fal.submitted.at(-1)!;
    expect(call.endpoint).toBe('fal-ai/flux-lora');
    expect(call.input).toMatchObject({ prompt: `${model.triggerWord} a mug on a desk`, loras: [{ path: row.lora_url, scale: 1 }] });
  });
});
