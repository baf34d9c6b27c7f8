import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_SHOT_MOTIONS, type ProductShotMotion } from '@studio/contracts';
import { amberBottlePhoto } from '../../../test/image-fixtures.ts';
import type { ImageData } from '../../capabilities.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { FIDELITY_MAX_DELTA_E, FIDELITY_MIN_IOU, productFidelity, type ProductFidelity } from '../image/fidelity.ts';
import { Segmenter, type Segmentation } from '../image/segmenter.ts';
import { closeProductShotWorker, productCutOut, productOverlayCard, renderProductShot } from './product-shot.ts';
import { captionBandTop } from './word-captions.ts';

/** The three formats at the smallest size that still shows the product, each in a template of its own. */
const FORMATS = [
  { name: '9x16', width: 360, height: 640, scene: 'pastel' },
  { name: '1x1', width: 360, height: 360, scene: 'marble' },
  { name: '16x9', width: 640, height: 360, scene: 'wood' },
] as const;
type Format = (typeof FORMATS)[number];
const SECONDS = 3;
const FRAMES = SECONDS * 25;
/** The frames looked at: the first, the middle and the last. */
const AT = [0, Math.floor(FRAMES / 2), FRAMES - 1];
/**
 * Which of them the fidelity check segments (each several seconds of the model): all three in
 * 9:16, the main format; in 1:1 and 16:9 the one where the motion has taken the product farthest
 * from where it rests (an orbit's arc peaks mid-way).
 */
const checked = (format: Format, motion: ProductShotMotion) => (format.name === '9x16' ? [0, 1, 2] : motion === 'orbit' ? [1] : [2]);

interface Shot {
  format: Format;
  motion: ProductShotMotion;
  /** The frames at `AT`, as PNGs, and as RGB for reading the set's motion. */
  frames: ImageData[];
  rgb: Buffer[];
  /** The product-fidelity check of the frames `checked` names, with their index in `AT`. */
  seen: (ProductFidelity & { at: number })[];
}

/** The frames of a clip at `AT`. */
async function framesOf(video: Buffer, width: number, height: number): Promise<{ rgb: Buffer[]; frames: ImageData[] }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'product-shot-'));
  try {
    const file = path.join(dir, 'v.mp4');
    await fs.writeFile(file, video);
    const raw = await runFfmpeg(['-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], Buffer.alloc(0));
    const size = width * height * 3;
    expect(raw.length).toBe(size * FRAMES);
    const rgb = AT.map((n) => Buffer.from(raw.subarray(n * size, (n + 1) * size)));
    const frames = await Promise.all(
      rgb.map(async (data) => ({
        data: await sharp(data, { raw: { width, height, channels: 3 } })
          .png()
          .toBuffer(),
        mime: 'image/png' as const,
        width,
        height,
      })),
    );
    return { rgb, frames };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

let segmenter: Segmenter;
// The engine's provider keeps one segmentation per photo; so does this.
const segmentations = new Map<Buffer, Promise<Segmentation>>();
const segment = (image: ImageData) => {
  let s = segmentations.get(image.data);
  if (!s) segmentations.set(image.data, (s = segmenter.segment(image)));
  return s;
};
let photo: ImageData;
const shots: Shot[] = [];

beforeAll(async () => {
  segmenter = new Segmenter();
  const data = await amberBottlePhoto();
  photo = { data, mime: 'image/png', width: 300, height: 400 };
  for (const format of FORMATS)
    for (const motion of PRODUCT_SHOT_MOTIONS) {
      const { width, height, scene } = format;
      const shot = await renderProductShot({ productImage: data, scene, motion, durationS: SECONDS, width, height }, { segment });
      expect([shot.width, shot.height, shot.durationS]).toEqual([width, height, SECONDS]);
      const seen = await framesOf(shot.video, width, height);
      const results = [];
      for (const at of checked(format, motion)) results.push({ at, ...(await productFidelity(photo, seen.frames[at]!, { segment })) });
      shots.push({ format, motion, ...seen, seen: results });
    }
  // A frame sheet per motion and format, to look at.
  for (const shot of shots) {
    const { width, height } = shot.format;
    await sharp({ create: { width: width * 3, height, channels: 3, background: '#000' } })
      .composite(shot.frames.map((f, i) => ({ input: f.data, left: i * width, top: 0 })))
      .png()
      .toFile(path.join(os.tmpdir(), `product-shot-${shot.motion}-${shot.format.name}.png`));
  }
}, 600_000);
afterAll(async () => {
  await Promise.all([segmenter?.close(), closeProductShotWorker()]);
});

describe('a product shot', () => {
  it('shows the user’s own product through every motion, in every format', () => {
    for (const shot of shots)
      for (const { at, iou, deltaE } of shot.seen) {
        const where = `${shot.motion} ${shot.format.name} frame ${AT[at]}`;
        expect(iou, where).toBeGreaterThanOrEqual(FIDELITY_MIN_IOU);
        expect(deltaE, where).toBeLessThanOrEqual(FIDELITY_MAX_DELTA_E);
      }
  });

  it('keeps the whole product inside the frame in every format', () => {
    for (const shot of shots)
      for (const { box } of shot.seen) {
        const where = `${shot.motion} ${shot.format.name}`;
        expect(box, where).not.toBeNull();
        expect(box!.left, where).toBeGreaterThan(0);
        expect(box!.top, where).toBeGreaterThan(0);
        expect(box!.left + box!.width, where).toBeLessThan(shot.format.width);
        expect(box!.top + box!.height, where).toBeLessThan(shot.format.height);
      }
  });

  it('moves the set and the product as separate layers: the set less than the product', async () => {
    for (const shot of shots.filter((s) => s.format.name === '9x16')) {
      const { width, height } = shot.format;
      const [first, last] = [shot.seen[0]!, shot.seen.at(-1)!];
      const product = {
        scale: last.box!.height / first.box!.height,
        dx: last.box!.left + last.box!.width / 2 - (first.box!.left + first.box!.width / 2),
      };
      const set = setMotion(shot.rgb[0]!, shot.rgb[2]!, width, height, [first.box!, last.box!]);
      if (shot.motion === 'push-in') {
        // Both come closer, the product faster.
        expect(set.scale, shot.motion).toBeGreaterThan(1.015);
        expect(product.scale - set.scale, shot.motion).toBeGreaterThan(0.05);
      } else if (shot.motion === 'slide') {
        // Both pass the same way, the nearer product farther.
        expect(Math.sign(set.dx), shot.motion).toBe(Math.sign(product.dx));
        expect(Math.abs(set.dx), shot.motion).toBeGreaterThan(width * 0.02);
        expect(Math.abs(product.dx), shot.motion).toBeGreaterThan(Math.abs(set.dx) * 2);
      } else {
        // Around the product: the set sweeps the other way.
        expect(Math.abs(set.dx), shot.motion).toBeGreaterThan(width * 0.02);
        expect(Math.abs(product.dx), shot.motion).toBeGreaterThan(width * 0.02);
        expect(Math.sign(set.dx), shot.motion).toBe(-Math.sign(product.dx));
      }
    }
  });
});

type Box = { left: number; top: number; width: number; height: number };

/**
 * How the set moved between two frames: the scale about the frame's centre and the shift that best
 * lay the first frame's set on the last's (mean grey difference), found by search at half size, the
 * product, its shadows and its reflection (around its boxes) left out.
 */
function setMotion(a: Buffer, b: Buffer, width: number, height: number, products: Box[]) {
  const [w, h] = [width >> 1, height >> 1];
  const grey = (rgb: Buffer) => {
    const out = new Float32Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = (y * 2 * width + x * 2) * 3;
        out[y * w + x] = 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
      }
    return out;
  };
  const [ga, gb] = [grey(a), grey(b)];
  const away = (x: number, y: number) =>
    products.every(
      (p) =>
        x * 2 < p.left - p.width * 0.8 ||
        x * 2 > p.left + p.width * 1.8 ||
        y * 2 < p.top - p.height * 0.1 ||
        y * 2 > p.top + p.height * 1.6,
    );
  const [cx, cy] = [w / 2, h / 2];
  let best = { cost: Infinity, scale: 1, dx: 0, dy: 0 };
  for (let scale = 0.98; scale <= 1.1; scale += 0.01)
    for (let dx = -20; dx <= 20; dx++)
      for (let dy = -4; dy <= 4; dy++) {
        let [cost, n] = [0, 0];
        for (let y = 4; y < h - 4; y += 2)
          for (let x = 4; x < w - 4; x += 2) {
            if (!away(x, y)) continue;
            const [bx, by] = [Math.round(cx + (x - cx) * scale + dx), Math.round(cy + (y - cy) * scale + dy)];
            if (bx < 0 || by < 0 || bx >= w || by >= h || !away(bx, by)) continue;
            cost += Math.abs(ga[y * w + x]! - gb[by * w + bx]!);
            n++;
          }
        if (n > 500 && cost / n < best.cost) best = { cost: cost / n, scale, dx, dy };
      }
  return { scale: best.scale, dx: best.dx * 2, dy: best.dy * 2 };
}

describe('a product shot it cannot make', () => {
  it('is refused as bad input, before any work: a length outside 3–8 s, an unknown motion, an odd size', async () => {
    const ask = { productImage: photo.data, scene: 'marble', motion: 'push-in' as const, durationS: 3, width: 360, height: 640 };
    const tools = { segment: () => Promise.reject(new Error('not reached')) };
    for (const wrong of [{ durationS: 2 }, { durationS: 9 }, { motion: 'zoom' as ProductShotMotion }, { width: 361 }, { scene: ' ' }])
      await expect(renderProductShot({ ...ask, ...wrong }, tools), JSON.stringify(wrong)).rejects.toMatchObject({ kind: 'bad_input' });
  });
});

describe('a product card over a talking section', () => {
  it(
    'shows the product whole beside the speaker in its window only, clear of the captions and the apps’ buttons',
    { timeout: 180_000 },
    async () => {
      const cutout = await productCutOut(photo.data, segment);
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'product-card-'));
      try {
        for (const { name, width, height } of FORMATS) {
          const card = await productOverlayCard({ cutout, width, height, start: 1, end: 2 });
          // Inside the frame, above every caption style's band (the captions are never drawn over it); in 9:16 left of the buttons.
          expect(card.left, name).toBeGreaterThanOrEqual(0);
          expect(card.top, name).toBeGreaterThanOrEqual(0);
          expect(card.left + card.width, name).toBeLessThanOrEqual(width);
          expect(card.top + card.height, name).toBeLessThanOrEqual(captionBandTop(width, height));
          expect(captionBandTop(width, height), name).toBeLessThan(height * 0.8);
          if (name === '9x16') expect(card.left + card.width, name).toBeLessThan(width * 0.8);
          const file = path.join(dir, 'card.png');
          await fs.writeFile(file, card.png);
          // A stand-in for the speaker's clip: 3 s of one grey.
          const raw = await runFfmpeg(
            [
              ...['-f', 'lavfi', '-i', `color=c=0x6b7f8e:s=${width}x${height}:r=25:d=3`, '-loop', '1', '-i', file],
              ...[
                '-filter_complex',
                card.filter('0:v', '1:v', 'shown'),
                '-map',
                '[shown]',
                '-f',
                'rawvideo',
                '-pix_fmt',
                'rgb24',
                'pipe:1',
              ],
            ],
            Buffer.alloc(0),
          );
          const size = width * height * 3;
          expect(raw.length, name).toBe(size * 75);
          const amberIn = (n: number) => {
            const frame = raw.subarray(n * size, (n + 1) * size);
            let [inside, outside] = [0, 0];
            for (let y = 0; y < height; y++)
              for (let x = 0; x < width; x++) {
                const i = (y * width + x) * 3;
                if (!(frame[i]! > 170 && frame[i + 1]! > 95 && frame[i + 1]! < 160 && frame[i + 2]! < 80)) continue;
                const onCard = x >= card.left && x < card.left + card.width && y >= card.top && y < card.top + card.height;
                if (onCard) inside++;
                else outside++;
              }
            return { inside, outside };
          };
          // Before and after its window there is no product; in it, the bottle's body on the card.
          expect(amberIn(12), name).toEqual({ inside: 0, outside: 0 });
          expect(amberIn(62), name).toEqual({ inside: 0, outside: 0 });
          const shown = amberIn(37);
          expect(shown.outside, name).toBe(0);
          // The body is 110×280 of the photo's 110×320 cut-out, drawn at the card's scale.
          const k = Math.min((card.width * 0.8) / cutout.width, (card.height * 0.8) / cutout.height);
          expect(shown.inside, name).toBeGreaterThan(110 * 280 * k * k * 0.5);
        }
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  );
});

// The check itself, on photos made to pass or fail it (sharing this file's segmentation model).
describe('product fidelity', () => {
  const image = async (data: Buffer): Promise<ImageData> => {
    const m = await sharp(data).metadata();
    return { data, mime: 'image/png', width: m.width, height: m.height };
  };

  it('passes the product moved and made smaller in another frame', { timeout: 120_000 }, async () => {
    // The photo at 70 % on a darker, wider frame, off-centre.
    const frame = await sharp(await sharp(photo.data).resize(210, 280).png().toBuffer())
      .extend({ top: 40, bottom: 80, left: 220, right: 50, background: '#c9d3dc' })
      .png()
      .toBuffer();
    const seen = await productFidelity(photo, await image(frame), { segment });
    expect(seen.iou).toBeGreaterThanOrEqual(FIDELITY_MIN_IOU);
    expect(seen.deltaE).toBeLessThanOrEqual(FIDELITY_MAX_DELTA_E);
    expect(seen.passes).toBe(true);
  });

  it('fails a recoloured product: same shape, another colour', { timeout: 120_000 }, async () => {
    // The amber bottle turned olive (hue +40°); only its dark cap keeps its colour.
    const recoloured = await sharp(photo.data).modulate({ hue: 40 }).png().toBuffer();
    const seen = await productFidelity(photo, await image(recoloured), { segment });
    expect(seen.deltaE).toBeGreaterThan(FIDELITY_MAX_DELTA_E);
    expect(seen.passes).toBe(false);
  });

  it('fails a squashed product: its colour, not its shape', { timeout: 120_000 }, async () => {
    // 75 % of its height, as a model that redraws a product to fit a frame might make it.
    const squashed = await sharp(await sharp(photo.data).resize(300, 300, { fit: 'fill' }).png().toBuffer())
      .extend({ top: 50, bottom: 50, background: '#f2f2f0' })
      .png()
      .toBuffer();
    const seen = await productFidelity(photo, await image(squashed), { segment });
    expect(seen.iou).toBeLessThan(FIDELITY_MIN_IOU);
    expect(seen.deltaE).toBeLessThanOrEqual(FIDELITY_MAX_DELTA_E);
    expect(seen.passes).toBe(false);
  });
});
