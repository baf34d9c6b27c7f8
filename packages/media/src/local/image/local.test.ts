import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBottle } from '../../../test/image-fixtures.ts';
import { createMediaEngine, MediaError, type ImageData, type MediaEngine } from '../../index.ts';

// Real pictures: a face photo from face-api's demo folder, and a product photo composed here
// (a red bottle with a cap on a light studio sweep), so the expected subject box is known.
const require = createRequire(import.meta.url);
const demo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const SUBJECT = { left: 150, top: 90, width: 100, height: 230 };

async function productPhoto(): Promise<ImageData> {
  const { left, top, width, height } = SUBJECT;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eeeeea"/><stop offset="1" stop-color="#d4d4d0"/></linearGradient>
  <linearGradient id="b" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#a01818"/><stop offset="0.4" stop-color="#e03a3a"/><stop offset="1" stop-color="#8a1010"/></linearGradient></defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  <ellipse cx="200" cy="322" rx="70" ry="8" fill="#000" opacity="0.2"/>
  <rect x="${left + 35}" y="${top}" width="30" height="40" rx="4" fill="#222"/>
  <rect x="${left}" y="${top + 35}" width="${width}" height="${height - 35}" rx="22" fill="url(#b)"/>
  </svg>`;
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
  return { data, mime: 'image/jpeg', width: 400, height: 400 };
}
async function facePhoto(): Promise<ImageData> {
  const data = await sharp(fs.readFileSync(join(demo, 'sample2.jpg')))
    .resize({ width: 640, height: 640, fit: 'inside' })
    .jpeg()
    .toBuffer();
  const m = await sharp(data).metadata();
  return { data, mime: 'image/jpeg', width: m.width, height: m.height };
}
async function alphaAt(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return data[(y * info.width + x) * info.channels + 3]!;
}

let engine: MediaEngine;
let product: ImageData;
let face: ImageData;
beforeAll(async () => {
  engine = createMediaEngine({ segmentMaxSide: 512 });
  [product, face] = await Promise.all([productPhoto(), facePhoto()]);
});
afterAll(async () => {
  await engine.close();
});

describe('local engine', () => {
  it('runs every capability locally without a key', () => {
    expect(new Set(Object.values(engine.routes))).toEqual(new Set(['local']));
  });

  it('removes the background: the subject stays opaque, the corners are transparent', { timeout: 60_000 }, async () => {
    const r = await engine.removeBackground({ image: product });
    expect(r).toMatchObject({ provider: 'local', model: 'local/imgly-medium' });
    const out = r.images[0]!;
    expect([out.width, out.height]).toEqual([400, 400]);
    expect(await alphaAt(out.data, 200, 220)).toBeGreaterThan(200);
    expect(await alphaAt(out.data, 165, 280)).toBeGreaterThan(200);
    for (const [x, y] of [
      [2, 2],
      [397, 2],
      [2, 397],
      [397, 397],
      [60, 200],
    ] as const)
      expect(await alphaAt(out.data, x, y)).toBe(0);
  });

  it('places the product inside the scene where the placement says', async () => {
    const scene: ImageData = {
      data: await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a6ea5' } })
        .png()
        .toBuffer(),
      mime: 'image/png',
      width: 600,
      height: 400,
    };
    const r = await engine.placeProduct({ prompt: 'put the bottle on the table', product, scene, width: 600, height: 400 });
    const out = r.images[0]!;
    expect([out.width, out.height]).toEqual([600, 400]);
    const { data, info } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    // Centre-bottom of the canvas now holds the red bottle; the top-left corner is still the scene.
    const [r0, g0, b0] = px(300, 260);
    expect(r0).toBeGreaterThan(120);
    expect(g0).toBeLessThan(90);
    expect(b0).toBeLessThan(90);
    expect(px(10, 10)).toEqual([0x3a, 0x6e, 0xa5]);
  });

  it('generates `count` studio scenes of the requested size with the product placed', async () => {
    const r = await engine.generateImage({
      prompt: 'product on warm wooden table, beige backdrop',
      width: 384,
      height: 256,
      count: 2,
      model: 'flux_krea',
      product,
    });
    expect(r).toMatchObject({ provider: 'local', model: 'local/procedural-studio' });
    expect(r.images).toHaveLength(2);
    for (const im of r.images) {
      const m = await sharp(im.data).metadata();
      expect([m.width, m.height, im.width, im.height]).toEqual([384, 256, 384, 256]);
    }
    expect(r.images[0]!.data.equals(r.images[1]!.data)).toBe(false);
  });

  it('generate with text draws the quoted text', async () => {
    const prompt = 'a poster on a blue backdrop with the words "SUMMER SALE"';
    const withText = await engine.generateImage({ prompt, width: 320, height: 320, count: 1, model: 'ideogram_v3' });
    const without = await engine.generateImage({ prompt, width: 320, height: 320, count: 1, model: 'flux_krea' });
    expect(withText.model).toBe('local/procedural-studio-text');
    const a = await sharp(withText.images[0]!.data).raw().toBuffer();
    const b = await sharp(without.images[0]!.data).raw().toBuffer();
    let differ = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 40) differ++;
    expect(differ).toBeGreaterThan(500);
    // The escaped text survives markup characters.
    const tricky = await engine.generateImage({ prompt: 'sign "<b>&Co</b>"', width: 200, height: 200, count: 1, model: 'ideogram_v3' });
    expect(tricky.images).toHaveLength(1);
  });

  it('upscales 2×', async () => {
    const r = await engine.upscale({ image: product, factor: 2 });
    expect([r.images[0]!.width, r.images[0]!.height]).toEqual([800, 800]);
    const m = await sharp(r.images[0]!.data).metadata();
    expect([m.width, m.height]).toEqual([800, 800]);
  });

  it('edits by prompt words: black and white makes a grey picture', async () => {
    const r = await engine.editImage({ prompt: 'make it black and white', image: product, width: 200, height: 200, count: 1 });
    const { data } = await sharp(r.images[0]!.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(Math.abs(data[(100 * 200 + 100) * 3]! - data[(100 * 200 + 100) * 3 + 1]!)).toBeLessThan(4);
    expect(r.model).toBe('local/prompt-edit');
  });

  it('an edit that names a setting stands the whole product in it, even in a frame too wide for it', { timeout: 60_000 }, async () => {
    const r = await engine.editImage({
      prompt: 'on a wooden bathroom shelf with plants',
      image: product,
      width: 640,
      height: 360,
      count: 2,
    });
    for (const im of r.images) {
      const b = await findBottle(im.data);
      expect(b.capOnTop).toBe(true);
      expect(b.box.top).toBeGreaterThan(2);
      expect(b.box.bottom).toBeLessThan(358);
      // Not a tint over the old photo: the set behind is the wood and greenery, not the photo's grey sweep.
      const { data } = await sharp(im.data).resize(64, 36).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const [r0, g0, b0] = [data[0]!, data[1]!, data[2]!];
      expect(g0 > r0 && g0 > b0).toBe(true);
    }
  });

  it('a set of edits of a product photo shows it in different scenes (the welcome flow)', { timeout: 60_000 }, async () => {
    const r = await engine.editImage({
      prompt: 'Clean studio product photo, soft daylight, bright and crisp',
      image: product,
      width: 455,
      height: 256,
      count: 3,
    });
    const floors = await Promise.all(
      r.images.map(async (im) => {
        expect((await findBottle(im.data)).capOnTop).toBe(true);
        const mean = await sharp(im.data)
          .extract({ left: 0, top: 200, width: 120, height: 56 })
          .resize(1, 1)
          .removeAlpha()
          .raw()
          .toBuffer();
        return [...mean];
      }),
    );
    for (let i = 0; i < floors.length; i++)
      for (let j = i + 1; j < floors.length; j++) expect(Math.hypot(...floors[i]!.map((v, k) => v - floors[j]![k]!))).toBeGreaterThan(20);
  });

  it('a colour or light edit keeps the whole photo in another frame shape', async () => {
    const r = await engine.editImage({ prompt: 'make it brighter', image: product, width: 640, height: 360, count: 1 });
    const b = await findBottle(r.images[0]!.data);
    expect(b.capOnTop).toBe(true);
    expect(b.box.top).toBeGreaterThan(2);
    expect(b.box.bottom).toBeLessThan(358);
  });

  it('an edit that names a material, light and cast shadows puts the product in that set', { timeout: 60_000 }, async () => {
    const r = await engine.editImage({
      prompt: 'sunlit terracotta tiles with palm leaf shadows',
      image: product,
      width: 200,
      height: 250,
      count: 1,
    });
    expect((await findBottle(r.images[0]!.data)).capOnTop).toBe(true);
    // The set is terracotta (a warm orange-brown), not the photo's grey sweep with a tint.
    const [red, green, blue] = await sharp(r.images[0]!.data)
      .extract({ left: 0, top: 0, width: 40, height: 250 })
      .resize(1, 1)
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(red! - blue!).toBeGreaterThan(40);
    expect(red! - green!).toBeGreaterThan(20);
  });

  it('describes a pink background as pink', { timeout: 60_000 }, async () => {
    const pink = await sharp(product.data)
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#f2b8c6"/></svg>',
          ),
          blend: 'multiply',
        },
      ])
      .jpeg()
      .toBuffer();
    const r = await engine.describeImage({ image: { ...product, data: pink } });
    expect(r.description).toMatch(/against a pink background/);
  });

  it('describes a flat-colour product with its colour', { timeout: 60_000 }, async () => {
    const r = await engine.describeImage({ image: product });
    expect(r.description).toMatch(/\bred\b/);
    expect(r.description).toMatch(/product/);
  });

  it('describes a face photo as a person with a face', { timeout: 60_000 }, async () => {
    const r = await engine.describeImage({ image: face });
    expect(r.description).toMatch(/face/);
  });

  it('virtual try-on lays the garment over the person', { timeout: 60_000 }, async () => {
    const garment: ImageData = {
      data: await sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="#f2f2f2"/><path d="M80 60 L130 40 L170 40 L220 60 L260 120 L220 140 L210 110 L210 260 L90 260 L90 110 L80 140 L40 120 Z" fill="#1f9e4a"/></svg>`,
        ),
      )
        .png()
        .toBuffer(),
      mime: 'image/png',
      width: 300,
      height: 300,
    };
    const r = await engine.virtualTryOn({ person: face, garment });
    expect(r.model).toBe('local/imgly-medium-tryon');
    const out = r.images[0]!;
    expect([out.width, out.height]).toEqual([face.width, face.height]);
    const { data } = await sharp(out.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let green = 0;
    for (let i = 0; i < data.length; i += 3) if (data[i + 1]! > 130 && data[i]! < 60 && data[i + 2]! < 110) green++;
    expect(green).toBeGreaterThan(1000);
  });

  it('refuses bad input with a MediaError of kind bad_input', async () => {
    const kind = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: unknown) => (e instanceof MediaError ? e.kind : String(e)),
      );
    expect(await kind(engine.generateImage({ prompt: 'x', width: 10, height: 10, count: 1, model: 'flux_krea' }))).toBe('bad_input');
    expect(await kind(engine.generateImage({ prompt: 'x', width: 256, height: 256, count: 9, model: 'flux_krea' }))).toBe('bad_input');
    expect(await kind(engine.generateImage({ prompt: 'x', width: 256, height: 256, count: 1, model: 'no_such_model' }))).toBe('bad_input');
    expect(
      await kind(engine.upscale({ image: { data: Buffer.from('not an image'), mime: 'image/png', width: 1, height: 1 }, factor: 2 })),
    ).toBe('bad_input');
    expect(
      await kind(engine.removeBackground({ image: { data: Buffer.from('not an image'), mime: 'image/png', width: 1, height: 1 } })),
    ).toBe('bad_input');
  });
});
