import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFalDouble, type FalDouble } from '../../test/fal-double.ts';
import { createMediaEngine, MediaError, type MediaEngine } from '../index.ts';

let double: FalDouble;
let engine: MediaEngine;
beforeAll(async () => {
  double = await startFalDouble();
  engine = createMediaEngine({
    falKey: 'test-key',
    falBaseUrl: double.url,
    falTimeoutMs: 1500,
    falPollIntervalMs: 20,
    falRetryDelayMs: 20,
  });
});
afterAll(async () => {
  await engine.close();
  await double.close();
});

const kindOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof MediaError ? e.kind : `other: ${String(e)}`),
  );

describe('fal provider against the queue double', () => {
  it('routes every capability to fal when a key is set', () => {
    expect(new Set(Object.values(engine.routes))).toEqual(new Set(['fal']));
  });

  it('generates: submit, status polling, result, image download', async () => {
    const r = await engine.generateImage({ prompt: 'a red mug on marble', width: 320, height: 256, count: 2, model: 'flux_krea' });
    expect(r.provider).toBe('fal');
    expect(r.model).toBe('fal-ai/flux/krea');
    expect(r.images).toHaveLength(2);
    expect(r.images[0]).toMatchObject({ mime: 'image/png', width: 320, height: 256 });
    expect(double.calls.some((c) => c.method === 'POST' && c.path === '/fal-ai/flux/krea' && c.auth === 'Key test-key')).toBe(true);
    expect(double.calls.some((c) => c.path.endsWith('/status'))).toBe(true);
  });

  it('maps 422 to bad_input', async () => {
    expect(await kindOf(engine.generateImage({ prompt: 'status:422', width: 64, height: 64, count: 1, model: 'flux_krea' }))).toBe(
      'bad_input',
    );
  });

  it('maps 401 to unavailable', async () => {
    expect(await kindOf(engine.generateImage({ prompt: 'status:401', width: 64, height: 64, count: 1, model: 'flux_krea' }))).toBe(
      'unavailable',
    );
  });

  // The SDK retries queue submits itself (3 retries, 1 s base backoff, not configurable): ≈ 2 s and ≈ 7 s.
  it('retries a 429 and succeeds; a lasting 429 or a 500 is upstream', { timeout: 30_000 }, async () => {
    const engine = createMediaEngine({ falKey: 'test-key', falBaseUrl: double.url, falTimeoutMs: 20_000, falPollIntervalMs: 20 });
    const r = await engine.generateImage({ prompt: 'flaky429', width: 64, height: 64, count: 1, model: 'flux_krea' });
    expect(r.images).toHaveLength(1);
    expect(await kindOf(engine.generateImage({ prompt: 'status:429', width: 64, height: 64, count: 1, model: 'flux_krea' }))).toBe(
      'upstream',
    );
    expect(await kindOf(engine.generateImage({ prompt: 'status:500', width: 64, height: 64, count: 1, model: 'flux_krea' }))).toBe(
      'upstream',
    );
  });

  it('times out a job that never completes', async () => {
    const t = Date.now();
    expect(await kindOf(engine.generateImage({ prompt: 'slow', width: 64, height: 64, count: 1, model: 'flux_krea' }))).toBe('timeout');
    expect(Date.now() - t).toBeLessThan(5000);
  });

  it('describes through the vision model', async () => {
    const png = (await engine.upscale({ image: { data: Buffer.alloc(0), mime: 'image/png', width: 1, height: 1 }, factor: 2 })).images[0]!;
    const r = await engine.describeImage({ image: png });
    expect(r).toMatchObject({
      provider: 'fal',
      model: 'fal-ai/florence-2-large/detailed-caption',
      description: expect.stringContaining('blue'),
    });
  });

  it('renders video on the hosted models: seedance and veo3 by their rules, then lip-sync; each answer a real MP4', async () => {
    const image = {
      data: await sharp({ create: { width: 90, height: 160, channels: 3, background: '#888' } })
        .png()
        .toBuffer(),
      mime: 'image/png' as const,
      width: 90,
      height: 160,
    };
    expect(engine.video).toMatchObject({ provider: 'fal', speaksFromStill: false });
    const clip = await engine.video.imageToVideo({
      image,
      prompt: 'person talking calmly into the camera',
      model: 'seedance',
      aspectRatio: '9:16',
      durationS: 3,
      width: 720,
      height: 1280,
    });
    expect(clip).toMatchObject({ provider: 'fal', model: 'fal-ai/bytedance/seedance/v1/pro/image-to-video', durationS: 3 });
    expect(clip.video.subarray(4, 8).toString()).toBe('ftyp');
    await engine.video.imageToVideo({
      image,
      prompt: 'say hi',
      model: 'veo3',
      aspectRatio: '16:9',
      durationS: 8,
      width: 1280,
      height: 720,
    });
    const synced = await engine.video.lipSync({
      image,
      video: clip.video,
      audio: Buffer.from('ID3'),
      width: 720,
      height: 1280,
      durationS: 3,
    });
    expect(synced.model).toBe('fal-ai/sync-lipsync/v2');
    expect(synced.video.subarray(4, 8).toString()).toBe('ftyp');
    const posted = double.calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posted).toEqual(
      expect.arrayContaining([
        '/fal-ai/bytedance/seedance/v1/pro/image-to-video',
        '/fal-ai/veo3/image-to-video',
        '/fal-ai/sync-lipsync/v2',
      ]),
    );
  });

  it('maps a refused video request to bad input', async () => {
    const image = {
      data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
        .png()
        .toBuffer(),
      mime: 'image/png' as const,
      width: 8,
      height: 8,
    };
    expect(
      await kindOf(
        engine.video.imageToVideo({
          image,
          prompt: 'status:422',
          model: 'seedance',
          aspectRatio: '9:16',
          durationS: 3,
          width: 720,
          height: 1280,
        }),
      ),
    ).toBe('bad_input');
  });
});
