import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRAND_FONTS, brandFontsDir } from '../fonts.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { endCardLayout, renderEndCard, type Box, type EndCardResult } from './end-card.ts';
import { VIDEO_FPS } from './clips.ts';

const PRIMARY = '#1f3a5f';
const SECONDARY = '#f2b84b';
/** Colours no ground, button or text of the card uses: where they show, the logo or the product is. */
const LOGO_MARK = '#00c853';
const PRODUCT_BODY = '#c0392b';
const DURATION_S = 1.2;
const FORMATS = [
  { name: '9:16', width: 360, height: 640 },
  { name: '1:1', width: 360, height: 360 },
  { name: '16:9', width: 640, height: 360 },
] as const;

/** A logo: a green mark and a wordmark on a transparent sheet with wide empty margins. */
function logoPng(): Buffer {
  const canvas = createCanvas(600, 300);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = LOGO_MARK;
  ctx.beginPath();
  ctx.arc(200, 150, 60, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillRect(280, 110, 160, 80);
  return canvas.toBuffer('image/png');
}

/** A product cut-out: a bottle on transparency, as the segmenter leaves it. */
function productPng(): Buffer {
  const canvas = createCanvas(400, 700);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#333333';
  ctx.fillRect(160, 60, 80, 90);
  ctx.fillStyle = PRODUCT_BODY;
  ctx.beginPath();
  ctx.roundRect(110, 150, 180, 480, 30);
  ctx.fill();
  return canvas.toBuffer('image/png');
}

interface Frame {
  rgb: Buffer;
  width: number;
  height: number;
}

async function frameAt(result: EndCardResult, which: 'first' | 'last'): Promise<Frame> {
  const seek = which === 'last' ? ['-sseof', '-0.08'] : [];
  const file = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'end-card-')), 'card.mp4');
  fs.writeFileSync(file, result.video);
  try {
    const rgb = await runFfmpeg([...seek, '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], Buffer.alloc(0));
    return { rgb: rgb.subarray(0, result.width * result.height * 3), width: result.width, height: result.height };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

const rgbOf = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** Pixels of `frame` inside `area` within `tolerance` of `hex` (per channel; the encode blurs colours a little). */
function countNear(frame: Frame, hex: string, area: Box, tolerance = 28): number {
  const [r, g, b] = rgbOf(hex);
  let n = 0;
  for (let y = Math.max(0, area.y); y < Math.min(frame.height, area.y + area.height); y++) {
    for (let x = Math.max(0, area.x); x < Math.min(frame.width, area.x + area.width); x++) {
      const at = (y * frame.width + x) * 3;
      if (
        Math.abs(frame.rgb[at]! - r!) <= tolerance &&
        Math.abs(frame.rgb[at + 1]! - g!) <= tolerance &&
        Math.abs(frame.rgb[at + 2]! - b!) <= tolerance
      )
        n++;
    }
  }
  return n;
}

/** The frame's outer band, `band` pixels wide: a card keeps its margins, so nothing of the brand is drawn there. */
function borderAreas(frame: Frame, band: number): Box[] {
  const { width, height } = frame;
  return [
    { x: 0, y: 0, width, height: band },
    { x: 0, y: height - band, width, height: band },
    { x: 0, y: 0, width: band, height },
    { x: width - band, y: 0, width: band, height },
  ];
}

const whole = (frame: Frame): Box => ({ x: 0, y: 0, width: frame.width, height: frame.height });

describe('end card', () => {
  const cards = new Map<string, { result: EndCardResult; first: Frame; last: Frame }>();

  beforeAll(async () => {
    const logo = logoPng();
    const productCutout = productPng();
    for (const format of FORMATS) {
      const result = await renderEndCard({
        width: format.width,
        height: format.height,
        durationS: DURATION_S,
        logo,
        productCutout,
        // The longest CTA a kit takes (40 characters): it still fits inside the card.
        ctaText: 'Tap the link and grab yours before Friday',
        ctaUrl: 'https://luma-skin.example.com/serum',
        colors: { primary: PRIMARY, secondary: SECONDARY },
        fontId: 'space-grotesk',
      });
      cards.set(format.name, { result, first: await frameAt(result, 'first'), last: await frameAt(result, 'last') });
    }
  }, 60_000);

  it.each(FORMATS.map((f) => f.name))('%s: the held frame shows the logo, the product and the CTA button in the brand colour', (name) => {
    const { result, last } = cards.get(name)!;
    const { logo, product, cta } = result.layout;
    // The button is a pill of the secondary colour: a good part of its region is that colour.
    expect(countNear(last, SECONDARY, cta)).toBeGreaterThan(cta.width * cta.height * 0.25);
    // …and it stays in its region (give or take the encoder's blur at its edge).
    const blur = 3;
    const around = { x: cta.x - blur, y: cta.y - blur, width: cta.width + 2 * blur, height: cta.height + 2 * blur };
    expect(countNear(last, SECONDARY, whole(last)) - countNear(last, SECONDARY, around)).toBeLessThan(cta.width * cta.height * 0.01);
    // The logo's own pixels are in the logo's region (its mark is ~1/9 of the trimmed logo).
    expect(countNear(last, LOGO_MARK, logo!)).toBeGreaterThan(logo!.width * logo!.height * 0.05);
    expect(countNear(last, PRODUCT_BODY, product!)).toBeGreaterThan(product!.width * product!.height * 0.1);
    // The ground is the primary colour (lit and shaded, so compare near the card's edge, within a wide tolerance).
    expect(countNear(last, PRIMARY, whole(last), 40)).toBeGreaterThan(last.width * last.height * 0.2);
  });

  it.each(FORMATS.map((f) => f.name))('%s: nothing is cut by the frame: the outer margin holds only the ground', (name) => {
    const { last } = cards.get(name)!;
    const band = Math.round(Math.min(last.width, last.height) * 0.04);
    for (const area of borderAreas(last, band)) {
      for (const colour of [SECONDARY, LOGO_MARK, PRODUCT_BODY, '#ffffff']) expect(countNear(last, colour, area, 20)).toBe(0);
    }
  });

  it('9:16 keeps the whole card above the bottom fifth, where the apps lay their buttons and caption', () => {
    const { last } = cards.get('9:16')!;
    const bottom = { x: 0, y: Math.round(last.height * 0.8), width: last.width, height: Math.round(last.height * 0.2) };
    for (const colour of [SECONDARY, LOGO_MARK, PRODUCT_BODY, '#ffffff']) expect(countNear(last, colour, bottom, 20)).toBe(0);
  });

  it.each(FORMATS.map((f) => f.name))('%s: it animates in: the first frame is the bare ground, the last differs', (name) => {
    const { result, first, last } = cards.get(name)!;
    expect(countNear(first, SECONDARY, result.layout.cta)).toBe(0);
    expect(countNear(first, LOGO_MARK, whole(first))).toBe(0);
    let changed = 0;
    for (let i = 0; i < first.rgb.length; i++) if (Math.abs(first.rgb[i]! - last.rgb[i]!) > 40) changed++;
    expect(changed / first.rgb.length).toBeGreaterThan(0.05);
  });

  it('is a silent clip at the studio frame rate, of the asked length', async () => {
    const { result } = cards.get('1:1')!;
    expect(result.durationS).toBeCloseTo(DURATION_S, 1);
    const file = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'end-card-')), 'card.mp4');
    fs.writeFileSync(file, result.video);
    try {
      // ffmpeg prints the streams it finds; the frame count comes from decoding every frame.
      const frames = await runFfmpeg(['-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', '8x8', 'pipe:1'], Buffer.alloc(0));
      expect(frames.length / 64).toBe(Math.round(DURATION_S * VIDEO_FPS));
      await expect(runFfmpeg(['-i', file, '-map', '0:a', '-f', 'null', '-'], Buffer.alloc(0))).rejects.toThrow();
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('lays out every format with margins, without overlaps, with or without a logo and a product', () => {
    const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const [width, height] of [
      [720, 1280],
      [1080, 1080],
      [1280, 720],
    ] as const) {
      for (const logo of [true, false])
        for (const product of [true, false]) {
          const layout = endCardLayout(width, height, { logo, product, url: true });
          const boxes = Object.values(layout) as Box[];
          expect(boxes.length).toBe(2 + Number(logo) + Number(product));
          const margin = Math.min(width, height) * 0.05;
          for (const b of boxes) {
            expect(b.x).toBeGreaterThanOrEqual(margin);
            expect(b.y).toBeGreaterThanOrEqual(margin);
            expect(b.x + b.width).toBeLessThanOrEqual(width - margin);
            expect(b.y + b.height).toBeLessThanOrEqual(height - margin);
            expect(b.width * b.height).toBeGreaterThan(0);
          }
          for (let i = 0; i < boxes.length; i++)
            for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!)).toBe(false);
        }
    }
  });

  it('draws no button for a kit without a CTA', async () => {
    const result = await renderEndCard({
      width: 180,
      height: 320,
      durationS: 0.8,
      logo: logoPng(),
      ctaText: '  ',
      colors: { primary: PRIMARY, secondary: SECONDARY },
    });
    const last = await frameAt(result, 'last');
    expect(countNear(last, SECONDARY, whole(last))).toBe(0);
    expect(countNear(last, LOGO_MARK, result.layout.logo!)).toBeGreaterThan(0);
  });

  it('refuses a size the encoder cannot take', async () => {
    await expect(
      renderEndCard({ width: 361, height: 640, ctaText: 'Shop now', colors: { primary: PRIMARY, secondary: SECONDARY } }),
    ).rejects.toThrow(/even width and height/);
  });
});

describe('brand fonts', () => {
  it('every bundled font file is installed, and one folder holds them all for libass', async () => {
    expect(BRAND_FONTS.length).toBeGreaterThanOrEqual(3);
    for (const font of BRAND_FONTS) {
      expect(fs.statSync(font.file).size).toBeGreaterThan(10_000);
      expect(fs.statSync(font.regularFile).size).toBeGreaterThan(10_000);
    }
    const dir = await brandFontsDir();
    const held = fs.readdirSync(dir);
    for (const font of BRAND_FONTS) expect(held).toContain(path.basename(font.file));
  });
});
