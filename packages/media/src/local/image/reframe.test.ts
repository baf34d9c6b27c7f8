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

  it('fills the extended frame with a continuation of the photo: no smeared streaks, no seam', async () => {
    // A photo with detail up to its edges: a diagonal gradient and discs of four colours.
    const discs = Array.from(
      { length: 14 },
      (_, i) =>
        `<circle cx="${(i * 53) % 320}" cy="${(i * 37) % 200}" r="${10 + (i % 4) * 8}" fill="${['#f4e04d', '#2a9d8f', '#264653', '#e76f51'][i % 4]}"/>`,
    ).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9a07a"/><stop offset="1" stop-color="#3b5d8f"/></linearGradient></defs><rect width="320" height="200" fill="url(#g)"/>${discs}</svg>`;
    const image = { data: await sharp(Buffer.from(svg)).png().toBuffer(), mime: 'image/png' as const, width: 320, height: 200 };
    for (const [ratio, turn] of [
      [9 / 16, false],
      [16 / 9, true],
    ] as const) {
      // The wide case is the tall one turned a quarter: the photo's edge runs across, the fill lies before it.
      const source = turn ? { ...image, data: await sharp(image.data).rotate(90).png().toBuffer(), width: 200, height: 320 } : image;
      const out = await reframeImage(source, ratio, 'extend');
      const upright = turn ? await sharp(out.data).rotate(-90).png().toBuffer() : out.data;
      const { data, info } = await sharp(upright).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const lum = (x: number, y: number) => {
        const i = (y * info.width + x) * 3;
        return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      };
      const top = Math.round((info.height - 200) / 2);
      const rowStep = (y: number) => {
        let sum = 0;
        for (let x = 0; x < info.width; x++) sum += Math.abs(lum(x, y) - lum(x, y - 1));
        return sum / info.width;
      };
      // Smear: a row with detail across it repeated unchanged over many rows (edge pixels stretched outwards).
      let smeared = 0;
      for (let y = 8; y < top; y++) {
        let across = 0,
          change = 0;
        for (let x = 1; x < info.width; x++) {
          across = Math.max(across, Math.abs(lum(x, y) - lum(0, y)));
          change = Math.max(change, Math.abs(lum(x, y) - lum(x, y - 8)));
        }
        if (across > 12 && change <= 1) smeared++;
      }
      expect(smeared, `${ratio}: rows of smear`).toBeLessThan(top * 0.1);
      // The seam: crossing into the photo changes the picture no more than a step within the fill does.
      expect(rowStep(top), `${ratio}: the step at the seam`).toBeLessThan(3);
      expect(rowStep(top + 1)).toBeLessThan(3);
    }
  });

  it('refuses a ratio that is not a positive number', async () => {
    await expect(reframeImage(await photo(), 0, 'crop')).rejects.toMatchObject({ kind: 'bad_input' });
  });
});
