import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaEngine, type ImageData, type MediaEngine } from '../../index.ts';
import { deltaE2000, rgbToLab, type ColourGrade } from './colour.ts';
import { gradeDistance, learnGrade } from './grade.ts';
import { renderScene } from './scenes.ts';
import { stageBox } from './studio.ts';

const AMBER: [number, number, number] = [0xc8, 0x80, 0x1e];
/** The amber bottle's box in its photo: a cap above a body, on a plain light backdrop. */
const BOTTLE = { left: 95, top: 40, width: 110, height: 320 };
const png = async (svg: string, width: number, height: number): Promise<ImageData> => ({
  data: await sharp(Buffer.from(svg)).png().toBuffer(),
  mime: 'image/png',
  width,
  height,
});
const bottlePhoto = () =>
  png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#f2f2f0"/>
    <rect x="130" y="40" width="40" height="50" rx="6" fill="#2a2a2a"/><rect x="95" y="80" width="110" height="280" rx="28" fill="rgb(${AMBER.join(',')})"/></svg>`,
    300,
    400,
  );
/** A strongly pink and teal ad. */
const pinkTealAd = () =>
  png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300"><defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#ff4fa8"/><stop offset="1" stop-color="#1fb5ad"/></linearGradient></defs>
    <rect width="240" height="300" fill="url(#s)"/><rect y="200" width="240" height="100" fill="#e0338f"/><circle cx="120" cy="130" r="40" fill="#13a39b"/></svg>`,
    240,
    300,
  );
/** One woman of face-api's group sample, alone in the frame, on the photo's light backdrop. */
async function personPhoto(): Promise<ImageData> {
  const demo = join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo');
  const data = await sharp(fs.readFileSync(join(demo, 'sample3.jpg')))
    .extract({ left: 900, top: 30, width: 600, height: 800 })
    .resize({ width: 300, height: 400 })
    .jpeg()
    .toBuffer();
  return { data, mime: 'image/jpeg', width: 300, height: 400 };
}

async function rgbOf(image: ImageData) {
  const { data, info } = await sharp(image.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
type Box = { left: number; top: number; width: number; height: number };
/** The mean colour (CIELAB) of a box's inner part: `inner` trims each side by that share of the box. */
async function meanLab(image: ImageData, box: Box, inner: [number, number]) {
  const { data, width } = await rgbOf(image);
  const sum = [0, 0, 0];
  let n = 0;
  const [dx, dy] = [Math.round(box.width * inner[0]), Math.round(box.height * inner[1])];
  for (let y = box.top + dy; y < box.top + box.height - dy; y++)
    for (let x = box.left + dx; x < box.left + box.width - dx; x++, n++)
      for (let c = 0; c < 3; c++) sum[c]! += data[(y * width + x) * 3 + c]!;
  return rgbToLab(sum[0]! / n, sum[1]! / n, sum[2]! / n);
}
/** Where two pictures of one scene differ (any channel by more than 60: more than the soft shade a person casts) within a band of columns. */
async function changed(a: ImageData, b: ImageData, within = { from: 0, to: 1 }) {
  const [p, q] = [await rgbOf(a), await rgbOf(b)];
  const { width, height } = p;
  const mask = new Uint8Array(width * height);
  let count = 0,
    left = width,
    right = -1,
    top = height,
    bottom = -1;
  for (let y = 0; y < height; y++)
    for (let x = Math.round(width * within.from); x < Math.round(width * within.to); x++) {
      const i = y * width + x;
      if ([0, 1, 2].some((c) => Math.abs(p.data[i * 3 + c]! - q.data[i * 3 + c]!) > 60)) {
        mask[i] = 1;
        count++;
        [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
      }
    }
  /** The changed share of a part of the frame. */
  const share = (x0: number, y0: number, x1: number, y1: number) => {
    let on = 0,
      all = 0;
    for (let y = Math.round(y0); y < Math.round(y1); y++)
      for (let x = Math.round(x0); x < Math.round(x1); x++, all++) on += mask[y * width + x]!;
    return on / Math.max(1, all);
  };
  return { count, box: { left, top, width: right - left + 1, height: bottom - top + 1 }, share };
}

let engine: MediaEngine;
let grade: ColourGrade;
// One photo each, so the engine segments each once.
let bottle: ImageData;
let person: ImageData;
beforeAll(async () => {
  engine = createMediaEngine({ segmentMaxSide: 256 });
  [grade, bottle, person] = await Promise.all([pinkTealAd().then((ad) => learnGrade([ad])), bottlePhoto(), personPhoto()]);
});
afterAll(async () => {
  await engine.close();
});

describe('a product in a graded scene (Ad Clone)', () => {
  it('the set takes the reference ad’s palette; the product’s own colour moves by ΔE2000 ≤ 5', { timeout: 120_000 }, async () => {
    const [W, H, prompt] = [240, 300, 'a product on a table in a bright studio'];
    const product = bottle;
    const ask = { prompt, product, width: W, height: H, count: 1, model: 'flux_krea' };
    const [graded] = (await engine.generateImage({ ...ask, grade: { grade, strength: 0.75 } })).images;
    const [plain] = (await engine.generateImage(ask)).images;
    // The scene looks like the reference…
    expect(await gradeDistance(graded!, grade)).toBeLessThan((await gradeDistance(plain!, grade)) * 0.6);
    // …and the bottle's body is still amber: where the studio stands it on the set, against its photo.
    const placed = stageBox(renderScene(prompt, W, H, 1).stage, BOTTLE, H, 0.5);
    const body = { ...placed, top: placed.top + Math.round(placed.height * 0.25), height: Math.round(placed.height * 0.75) };
    const photoBody = { ...BOTTLE, top: BOTTLE.top + 80, height: BOTTLE.height - 80 };
    const before = await meanLab(product, photoBody, [0.25, 0.2]);
    const after = await meanLab(graded!, body, [0.25, 0.2]);
    expect(deltaE2000(before, after)).toBeLessThanOrEqual(5);
  });
});

describe('a character in the scene', () => {
  const [W, H] = [320, 400];

  it('alone: the person’s cut-out, not their photo’s rectangle', { timeout: 120_000 }, async () => {
    const ask = { prompt: 'a woman in a bright minimal studio', width: W, height: H, count: 1, model: 'flux_krea' };
    const [withPerson] = (await engine.generateImage({ ...ask, person })).images;
    const [scene] = (await engine.generateImage(ask)).images;
    const shown = await changed(withPerson!, scene!);
    expect(shown.count / (W * H)).toBeGreaterThan(0.15);
    // Beside the face, above the shoulder, the scene shows through: the photo's backdrop was left out
    // (the other top corner holds her loose hair).
    const { left, top, width, height } = shown.box;
    expect(shown.share(left, top, left + width * 0.15, top + height * 0.15)).toBeLessThan(0.1);
    expect(shown.count / (width * height)).toBeLessThan(0.8);
  });

  it('with a product: both are in the scene, side by side, the product in its own colour', { timeout: 120_000 }, async () => {
    // Behind a table, and beside a podium (which stands free).
    for (const prompt of ['on a white table in a bright studio', 'on a pastel podium']) {
      const ask = { prompt, width: W, height: H, count: 1, model: 'flux_krea' };
      const [both] = (await engine.generateImage({ ...ask, product: bottle, person })).images;
      const [scene] = (await engine.generateImage(ask)).images;
      // The product stands toward the side the light comes from, the person on the other.
      const personOnRight = renderScene(prompt, W, H, 1).lightFrom < 0;
      const [personSide, productSide] = personOnRight
        ? [
            { from: 0.55, to: 1 },
            { from: 0, to: 0.55 },
          ]
        : [
            { from: 0, to: 0.45 },
            { from: 0.45, to: 1 },
          ];
      const shown = await changed(both!, scene!, personSide);
      expect(shown.count / (W * H * 0.45), prompt).toBeGreaterThan(0.15);
      // Beside her face, above the shoulder, is the scene (her loose hair falls to the other side).
      const { left, top, width, height } = shown.box;
      expect(shown.share(left, top, left + width * 0.15, top + height * 0.15), prompt).toBeLessThan(0.1);
      // The product: its amber pixels, on its side.
      const { data } = await rgbOf(both!);
      const amber = rgbToLab(...AMBER);
      let amberPixels = 0;
      for (let y = 0; y < H; y++)
        for (let x = Math.round(W * productSide.from); x < Math.round(W * productSide.to); x++) {
          const i = (y * W + x) * 3;
          if (deltaE2000(amber, rgbToLab(data[i]!, data[i + 1]!, data[i + 2]!)) < 8) amberPixels++;
        }
      expect(amberPixels, prompt).toBeGreaterThan(W * H * 0.015);
    }
  });
});
