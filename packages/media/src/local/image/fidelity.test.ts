import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amberBottlePhoto } from '../../../test/image-fixtures.ts';
import type { ImageData } from '../../capabilities.ts';
import { FIDELITY_MAX_DELTA_E, FIDELITY_MIN_IOU, productFidelity } from './fidelity.ts';
import { Segmenter, type Segmentation } from './segmenter.ts';

let segmenter: Segmenter;
// The engine's provider keeps one segmentation per photo (the source is segmented once); so does this.
const segmentations = new Map<Buffer, Promise<Segmentation>>();
const tools = {
  segment: (image: ImageData) => {
    let s = segmentations.get(image.data);
    if (!s) segmentations.set(image.data, (s = segmenter.segment(image)));
    return s;
  },
};
let photo: ImageData;
const image = async (data: Buffer): Promise<ImageData> => {
  const m = await sharp(data).metadata();
  return { data, mime: 'image/png', width: m.width, height: m.height };
};

beforeAll(async () => {
  segmenter = new Segmenter();
  photo = await image(await amberBottlePhoto());
});
afterAll(async () => {
  await segmenter?.close();
});

describe('product fidelity', () => {
  it('passes the product moved and made smaller in another frame', { timeout: 120_000 }, async () => {
    // The photo at 70 % on a darker, wider frame, off-centre.
    const frame = await sharp(await sharp(photo.data).resize(210, 280).png().toBuffer())
      .extend({ top: 40, bottom: 80, left: 220, right: 50, background: '#c9d3dc' })
      .png()
      .toBuffer();
    const seen = await productFidelity(photo, await image(frame), tools);
    expect(seen.iou).toBeGreaterThanOrEqual(FIDELITY_MIN_IOU);
    expect(seen.deltaE).toBeLessThanOrEqual(FIDELITY_MAX_DELTA_E);
    expect(seen.passes).toBe(true);
  });

  it('fails a recoloured product: same shape, another colour', { timeout: 120_000 }, async () => {
    // The amber bottle turned olive (hue +40°); only its dark cap keeps its colour.
    const recoloured = await sharp(photo.data).modulate({ hue: 40 }).png().toBuffer();
    const seen = await productFidelity(photo, await image(recoloured), tools);
    expect(seen.deltaE).toBeGreaterThan(FIDELITY_MAX_DELTA_E);
    expect(seen.passes).toBe(false);
  });

  it('fails a squashed product: its colour, not its shape', { timeout: 120_000 }, async () => {
    // 75 % of its height, as a model that redraws a product to fit a frame might make it.
    const squashed = await sharp(await sharp(photo.data).resize(300, 300, { fit: 'fill' }).png().toBuffer())
      .extend({ top: 50, bottom: 50, background: '#f2f2f0' })
      .png()
      .toBuffer();
    const seen = await productFidelity(photo, await image(squashed), tools);
    expect(seen.iou).toBeLessThan(FIDELITY_MIN_IOU);
    expect(seen.deltaE).toBeLessThanOrEqual(FIDELITY_MAX_DELTA_E);
    expect(seen.passes).toBe(false);
  });
});
