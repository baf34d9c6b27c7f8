import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { amberBottlePhoto } from '../../../test/image-fixtures.ts';
import type { ImageData, ProductShot, VideoResult } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import type { Segmentation } from '../image/segmenter.ts';
import { hostedProductShot } from './hosted-product-shot.ts';

// The hosted product shot's choice, with the hosted models as doubles and a segmentation that
// knows the product by its colours (the real one is the product-shot test's): a clip that keeps
// the product is used; one that changes it, or a failed call, gives the local composite and says why.

const W = 180;
const H = 320;

/** The bottle (amber body, dark cap) wherever it stands: pixels far from the backdrops used here. */
async function segment(image: ImageData): Promise<Segmentation> {
  const { data, info } = await sharp(image.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const mask = Buffer.alloc(info.width * info.height);
  let [left, top, right, bottom, n] = [Infinity, Infinity, -1, -1, 0];
  for (let i = 0; i < mask.length; i++) {
    const [r, g, b] = [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!];
    const amber = r > 150 && g > 80 && g < 170 && b < 90;
    const cap = r < 70 && g < 70 && b < 70;
    if (!amber && !cap) continue;
    mask[i] = 255;
    n++;
    const [x, y] = [i % info.width, Math.floor(i / info.width)];
    [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
  }
  const box = n ? { left, top, width: right - left + 1, height: bottom - top + 1 } : null;
  return { width: info.width, height: info.height, mask, box, coverage: n / mask.length };
}

/** A still of `image` lasting `seconds`: a video model that keeps the frame it was given. */
async function stillClip(image: ImageData, seconds: number): Promise<VideoResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hosted-shot-'));
  try {
    const [still, out] = [path.join(dir, 'still.png'), path.join(dir, 'clip.mp4')];
    await fs.writeFile(still, image.data);
    await runFfmpeg(
      ['-loop', '1', '-i', still, '-t', String(seconds), '-r', '25', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', out],
      Buffer.alloc(0),
    );
    const video = await fs.readFile(out);
    return {
      video,
      mime: 'video/mp4',
      width: W,
      height: H,
      durationS: seconds,
      provider: 'fal',
      model: 'fal-ai/seedance',
      cost: { amount: 1, unit: 'request' },
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The photo on a sky-blue set at the shot's size, the product's pixels as they are (or tinted). */
async function onSet(image: ImageData, tint?: string): Promise<ImageData> {
  let product = sharp(image.data).resize(W, H, { fit: 'contain', background: '#9fd3f5' }).flatten({ background: '#9fd3f5' });
  if (tint) product = product.tint(tint);
  const data = await product.png().toBuffer();
  return { data, mime: 'image/png', width: W, height: H };
}

const LOCAL: ProductShot = {
  video: Buffer.from('local'),
  mime: 'video/mp4',
  width: W,
  height: H,
  durationS: 3,
  cutout: { png: Buffer.alloc(0), mask: Buffer.alloc(0), width: 1, height: 1 },
  provider: 'local',
  model: 'local/product-shot/orbit',
  cost: { amount: 0, unit: 'compute_s' },
};

describe('a product shot on the hosted models', () => {
  const input = async () => ({
    productImage: await amberBottlePhoto(),
    scene: 'marble',
    motion: 'orbit' as const,
    durationS: 3,
    width: W,
    height: H,
  });

  it('uses the hosted clip when every frame checked keeps the product', async () => {
    const asked: string[] = [];
    const shot = await hostedProductShot(await input(), {
      segment,
      hosted: {
        replaceBackground: async ({ image, prompt }) => (
          asked.push(prompt),
          { images: [await onSet(image)], provider: 'fal', model: 'set', cost: { amount: 1, unit: 'request' } }
        ),
        imageToVideo: async ({ image, durationS, prompt }) => (asked.push(prompt), stillClip(image, durationS)),
      },
      local: () => Promise.reject(new Error('the local composite was not needed')),
    });
    expect(shot.provider).toBe('fal');
    expect(shot.note).toBeUndefined();
    expect(shot.fidelity!.iou).toBeGreaterThanOrEqual(0.9);
    expect([shot.width, shot.height, shot.durationS]).toEqual([W, H, 3]);
    // The set from the template's words; the camera move asked of the video model.
    expect(asked[0]).toContain('marble countertop');
    expect(asked[1]).toMatch(/orbit around the product.*stays exactly as it is/);
  });

  it('makes the shot locally, and says why, when the hosted frames change the product or the hosted call fails', async () => {
    const recoloured = await hostedProductShot(await input(), {
      segment,
      hosted: {
        replaceBackground: async ({ image }) => ({
          images: [await onSet(image, '#ff3060')],
          provider: 'fal',
          model: 'set',
          cost: { amount: 1, unit: 'request' },
        }),
        imageToVideo: async ({ image, durationS }) => stillClip(image, durationS),
      },
      local: async () => LOCAL,
    });
    expect(recoloured.provider).toBe('local');
    expect(recoloured.note).toMatch(/^This product shot was made by the local engine: the hosted model changed the product \(mask overlap/);
    const failed = await hostedProductShot(await input(), {
      segment,
      hosted: {
        replaceBackground: () => Promise.reject(new MediaError('upstream', 'The image service is unavailable.')),
        imageToVideo: () => Promise.reject(new Error('not reached')),
      },
      local: async () => LOCAL,
    });
    expect(failed.note).toBe(
      'This product shot was made by the local engine: the hosted model could not make it (The image service is unavailable.).',
    );
  });
});
