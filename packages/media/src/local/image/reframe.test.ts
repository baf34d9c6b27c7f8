import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageData } from '../../capabilities.ts';
import { reframeImage } from './reframe.ts';

/** A 400×200 photo: red on the left half, blue on the right. */
async function photo(): Promise<ImageData> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="200" height="200" fill="#e01010"/><rect x="200" width="200" height="200" fill="#1010e0"/></svg>`;
  return { data: await sharp(Buffer.from(svg)).png().toBuffer(), mime: 'image/png', width: 400, height: 200 };
}
const pixel = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
};

describe('reframeImage', () => {
  it('crops to the largest part of the new shape', async () => {
    const out = await reframeImage(await photo(), 1, 'crop');
    expect([out.width, out.height]).toEqual([200, 200]);
    expect((await sharp(out.data).metadata()).width).toBe(200);
  });

  it('extends the canvas around the whole photo', async () => {
    const out = await reframeImage(await photo(), 9 / 16, 'extend');
    expect(out.width).toBe(400);
    expect(out.height).toBe(711);
    // The photo sits in the middle, unchanged: red on the left, blue on the right.
    const [r1, , b1] = await pixel(out.data, 100, 355);
    const [r2, , b2] = await pixel(out.data, 300, 355);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(40);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(40);
  });

  it('refuses a ratio that is not a positive number', async () => {
    await expect(reframeImage(await photo(), 0, 'crop')).rejects.toMatchObject({ kind: 'bad_input' });
  });
});
