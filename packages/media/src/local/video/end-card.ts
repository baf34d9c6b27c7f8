/**
 * The end card that closes a finished ad: the brand's logo, the product cut-out
 * when the job has one, and the call to action in the kit's colours and font, animated in over
 * the first ~0.7 s and then held. Each element is drawn once on its own canvas (@napi-rs/canvas,
 * as the product studio draws); a frame only places them with a transform and an opacity, and
 * ffmpeg holds the last animated frame for the rest of the card (`tpad`), so a 2.5 s card draws
 * 18 frames, not 63.
 */
import { createCanvas, GlobalFonts, loadImage, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { EndCardInput, ImageData } from '../../capabilities.ts';

export type { EndCardColors, EndCardInput } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { brandFont } from '../fonts.ts';
import { ENCODE, encodeFedToMp4, VIDEO_FPS } from './clips.ts';

export const END_CARD_DEFAULT_S = 2.5;
/** Everything has arrived by then; the rest of the card holds still so the CTA can be read. */
export const END_CARD_ANIMATION_S = 0.7;
/** The short-video apps lay their caption and buttons over the bottom fifth of a 9:16 video. */
const PORTRAIT_SAFE_BOTTOM = 0.8;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where each element may sit on a card of this size (the drawn element is fitted inside, centred). */
export interface EndCardLayout {
  logo?: Box;
  product?: Box;
  cta: Box;
  url?: Box;
}

export interface EndCardResult {
  video: Buffer;
  mime: 'video/mp4';
  width: number;
  height: number;
  durationS: number;
  /** Where the logo, product, button and URL were drawn, in the card's pixels. */
  layout: EndCardLayout;
}

const box = (x: number, y: number, width: number, height: number): Box => ({
  x: Math.round(x),
  y: Math.round(y),
  width: Math.round(width),
  height: Math.round(height),
});

/**
 * The card's regions for a format: a column in 9:16 and 1:1 (logo, product, button, URL from the
 * top, clear of the apps' bottom fifth in 9:16), two halves in 16:9 (product left; logo, button and
 * URL right). Every region keeps a margin of 6 % of the short side.
 */
export function endCardLayout(width: number, height: number, has: { logo: boolean; product: boolean; url: boolean }): EndCardLayout {
  const m = Math.min(width, height) * 0.06;
  const landscape = width / height > 1.2;
  const portrait = height / width > 1.2;
  if (landscape && has.product) {
    const half = width / 2;
    const product = box(m, m, half - 1.5 * m, height - 2 * m);
    return { product, ...column(half + m / 2, m, width - m - (half + m / 2), height - 2 * m, has, false) };
  }
  const bottom = portrait ? height * PORTRAIT_SAFE_BOTTOM : height - m;
  return column(m, m, width - 2 * m, bottom - m, has, has.product);
}

/** Logo, (product), button and URL stacked in a region and centred in it as a block. */
function column(x: number, y: number, w: number, h: number, has: { logo: boolean; url: boolean }, product: boolean): EndCardLayout {
  const gap = h * 0.04;
  const heights = {
    logo: has.logo ? h * (product ? 0.14 : 0.26) : 0,
    product: product ? h * 0.46 : 0,
    cta: h * (product ? 0.12 : 0.16),
    url: has.url ? h * 0.06 : 0,
  };
  const parts = (['logo', 'product', 'cta', 'url'] as const).filter((k) => heights[k] > 0);
  const total = parts.reduce((sum, k) => sum + heights[k], 0) + gap * (parts.length - 1);
  let at = y + (h - total) / 2;
  const layout: Partial<Record<(typeof parts)[number], Box>> = {};
  for (const k of parts) {
    // The logo is a mark, not a banner: at most 60 % of the column's width.
    const width = k === 'logo' ? w * 0.6 : w;
    layout[k] = box(x + (w - width) / 2, at, width, heights[k]);
    at += heights[k] + gap;
  }
  return layout as EndCardLayout;
}

/** `#rrggbb` → [r, g, b]. */
function rgbOf(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new MediaError('bad_input', `Not a colour: ${hex}`);
  const n = parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hexOf = ([r, g, b]: number[]) => `#${[r, g, b].map((c) => Math.round(c!).toString(16).padStart(2, '0')).join('')}`;
const mix = (hex: string, toward: string, amount: number) => {
  const a = rgbOf(hex);
  const b = rgbOf(toward);
  return hexOf(a.map((c, i) => c + (b[i]! - c) * amount));
};

/** sRGB channel → linear light, for 0…255. */
const LINEAR = Array.from({ length: 256 }, (_, c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));

/** WCAG relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  return 0.2126 * LINEAR[r]! + 0.7152 * LINEAR[g]! + 0.0722 * LINEAR[b]!;
}

/** White or near-black, whichever reads better on `ground` (WCAG contrast). */
function inkOn(ground: string): string {
  const l = luminance(ground);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#111111';
}

/**
 * The image's canvas cut to its visible (non-transparent) pixels, and the share of those pixels
 * that hardly stand out from `ground` (WCAG contrast under 1.6).
 */
async function trimmedImage(input: ImageData | Buffer, ground = '#000000'): Promise<{ canvas: Canvas; faint: number }> {
  const image = await loadImage(Buffer.isBuffer(input) ? input : input.data).catch((cause: unknown) => {
    throw new MediaError('bad_input', 'The end card image could not be read.', { cause });
  });
  // Plain numbers: `image.width` is a native getter, far too slow to read per pixel.
  const { width, height } = image;
  const full = createCanvas(width, height);
  const ctx = full.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, width, height);
  let [left, top, right, bottom] = [width, height, -1, -1];
  const groundL = luminance(ground);
  let seen = 0;
  let faint = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      if (data[at + 3]! > 8) {
        const l = 0.2126 * LINEAR[data[at]!]! + 0.7152 * LINEAR[data[at + 1]!]! + 0.0722 * LINEAR[data[at + 2]!]!;
        if ((Math.max(l, groundL) + 0.05) / (Math.min(l, groundL) + 0.05) < 1.6) faint++;
        seen++;
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  const share = faint / Math.max(1, seen);
  if (right < 0) return { canvas: full, faint: share };
  const trimmed = createCanvas(right - left + 1, bottom - top + 1);
  trimmed.getContext('2d').drawImage(full, left, top, right - left + 1, bottom - top + 1, 0, 0, right - left + 1, bottom - top + 1);
  return { canvas: trimmed, faint: share };
}

/** An element drawn once at its final size, and where its centre sits on the card. */
interface Sprite {
  canvas: Canvas;
  cx: number;
  cy: number;
}

/** `image` fitted inside `region` (never enlarged past 1.5×: a tiny logo stays crisp), with an optional soft shadow. */
function fittedSprite(image: Canvas, region: Box, shadow: number): Sprite {
  const scale = Math.min(region.width / image.width, region.height / image.height, 1.5);
  const w = Math.max(1, Math.round(image.width * scale));
  const h = Math.max(1, Math.round(image.height * scale));
  const pad = Math.ceil(shadow * 2);
  const canvas = createCanvas(w + 2 * pad, h + 2 * pad);
  const ctx = canvas.getContext('2d');
  if (shadow > 0) {
    ctx.shadowColor = 'rgba(0, 0, 0, 0.35)';
    ctx.shadowBlur = shadow;
    ctx.shadowOffsetY = shadow / 3;
  }
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, pad, pad, w, h);
  return { canvas, cx: region.x + region.width / 2, cy: region.y + region.height / 2 };
}

/**
 * The logo fitted in its region; a logo that would mostly vanish into the ground (a dark mark on a
 * dark brand colour) sits on a rounded chip of the opposite lightness, as brands place it on a label.
 */
function logoSprite(logo: { canvas: Canvas; faint: number }, region: Box, ground: string): Sprite {
  if (logo.faint < 0.5) return fittedSprite(logo.canvas, region, 0);
  // The chip is the ground's opposite: most of the logo is near the ground's own lightness.
  const chipInk = luminance(ground) > 0.35 ? '#111111' : '#ffffff';
  const pad = Math.round(Math.min(region.width, region.height) * 0.14);
  const inner = fittedSprite(logo.canvas, box(0, 0, region.width - 2 * pad, region.height - 2 * pad), 0).canvas;
  const chip = createCanvas(inner.width + 2 * pad, inner.height + 2 * pad);
  const ctx = chip.getContext('2d');
  ctx.fillStyle = chipInk;
  ctx.beginPath();
  ctx.roundRect(0, 0, chip.width, chip.height, pad);
  ctx.fill();
  ctx.drawImage(inner, pad, pad);
  return fittedSprite(chip, region, 0);
}

/** Splits text into at most two lines at the space nearest its middle. */
function twoLines(text: string): string[] {
  const spaces = [...text.matchAll(/ /g)].map((m) => m.index);
  if (spaces.length === 0) return [text];
  const middle = spaces.reduce((best, i) => (Math.abs(i - text.length / 2) < Math.abs(best - text.length / 2) ? i : best));
  return [text.slice(0, middle), text.slice(middle + 1)];
}

/**
 * The call-to-action button: a pill in the secondary colour with the CTA in the kit's display
 * font, as large as the region allows (one line, else two), never wider than the region.
 */
function buttonSprite(text: string, region: Box, family: string, fill: string): Sprite {
  const measure = createCanvas(1, 1).getContext('2d');
  const padX = region.height * 0.45;
  const maxText = region.width - 2 * padX;
  let size = region.height * 0.42;
  let lines = [text];
  const widest = (candidate: string[], px: number) => {
    measure.font = `${px}px "${family}"`;
    return Math.max(...candidate.map((line) => measure.measureText(line).width));
  };
  if (widest(lines, size) > maxText) {
    const shrunk = (size * maxText) / widest(lines, size);
    const split = twoLines(text);
    if (shrunk >= size * 0.75 || split.length === 1) size = shrunk;
    else {
      lines = split;
      size = Math.min(size * 0.8, (region.height * 0.62) / 2 / 1.15, (size * maxText) / widest(split, size));
    }
  }
  const lineHeight = size * 1.15;
  const textWidth = widest(lines, size);
  const w = Math.min(region.width, Math.ceil(textWidth + 2 * padX));
  // Never taller than its region: the URL sits right under it.
  const h = Math.min(region.height, Math.max(region.height * 0.78, lines.length * lineHeight + region.height * 0.3));
  const shadow = region.height * 0.12;
  const canvas = createCanvas(Math.ceil(w + 2 * shadow), Math.ceil(h + 3 * shadow));
  const ctx = canvas.getContext('2d');
  ctx.shadowColor = 'rgba(0, 0, 0, 0.28)';
  ctx.shadowBlur = shadow;
  ctx.shadowOffsetY = shadow / 3;
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.roundRect(shadow, shadow, w, h, h / 2);
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.fillStyle = inkOn(fill);
  ctx.font = `${size}px "${family}"`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  lines.forEach((line, i) => ctx.fillText(line, shadow + w / 2, shadow + h / 2 + (i - (lines.length - 1) / 2) * lineHeight));
  return { canvas, cx: region.x + region.width / 2, cy: region.y + region.height / 2 };
}

/** The URL as people type it (no scheme, no trailing slash), shortened with an ellipsis to fit. */
function urlSprite(url: string, region: Box, family: string, ink: string): Sprite {
  let text = url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
  const canvas = createCanvas(Math.ceil(region.width), Math.ceil(region.height));
  const ctx = canvas.getContext('2d');
  ctx.font = `${region.height * 0.62}px "${family}"`;
  while (text.length > 1 && ctx.measureText(text).width > region.width) text = `${text.slice(0, -2)}…`;
  ctx.fillStyle = ink;
  ctx.globalAlpha = 0.88;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, region.width / 2, region.height / 2);
  return { canvas, cx: region.x + region.width / 2, cy: region.y + region.height / 2 };
}

/** The ground: the primary colour lit from the top left, with a soft disc of light behind the product. */
function groundCanvas(width: number, height: number, primary: string, product?: Box): Canvas {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const light = ctx.createLinearGradient(0, 0, width, height);
  light.addColorStop(0, mix(primary, '#ffffff', 0.12));
  light.addColorStop(1, mix(primary, '#000000', 0.22));
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, width, height);
  // A soft vignette keeps the eye in the middle, where the product and the button are.
  const vignette = ctx.createRadialGradient(
    width / 2,
    height / 2,
    Math.min(width, height) * 0.35,
    width / 2,
    height / 2,
    Math.hypot(width, height) / 2,
  );
  vignette.addColorStop(0, 'rgba(0, 0, 0, 0)');
  vignette.addColorStop(1, 'rgba(0, 0, 0, 0.22)');
  ctx.fillStyle = vignette;
  ctx.fillRect(0, 0, width, height);
  if (product) {
    const cx = product.x + product.width / 2;
    const cy = product.y + product.height / 2;
    const r = Math.min(product.width, product.height) * 0.55;
    const glow = ctx.createRadialGradient(cx, cy, r * 0.2, cx, cy, r);
    glow.addColorStop(0, 'rgba(255, 255, 255, 0.34)');
    glow.addColorStop(1, 'rgba(255, 255, 255, 0)');
    ctx.fillStyle = glow;
    ctx.fillRect(cx - r, cy - r, 2 * r, 2 * r);
  }
  return canvas;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const easeOut = (t: number) => 1 - (1 - t) ** 3;
/** Overshoots a little before settling: a pop. */
const easeOutBack = (t: number) => 1 + 2.2 * (t - 1) ** 3 + 1.2 * (t - 1) ** 2;

/** One element's entrance: when it starts and ends, how it moves (fraction of the card's height) and grows. */
interface Entrance {
  from: number;
  to: number;
  rise?: number;
  grow?: number;
}

function place(ctx: SKRSContext2D, sprite: Sprite, entrance: Entrance, t: number, height: number) {
  const p = clamp01((t - entrance.from) / (entrance.to - entrance.from));
  if (p <= 0) return;
  const scale = entrance.grow ? 1 - entrance.grow + entrance.grow * easeOutBack(p) : 1;
  const dy = (entrance.rise ?? 0) * height * (1 - easeOut(p));
  ctx.save();
  ctx.globalAlpha = easeOut(p);
  ctx.translate(sprite.cx, sprite.cy + dy);
  ctx.scale(scale, scale);
  ctx.drawImage(sprite.canvas, -sprite.canvas.width / 2, -sprite.canvas.height / 2);
  ctx.restore();
}

/**
 * Renders the end card as a silent MP4 at the studio's frame rate and encode settings (`ENCODE`),
 * laid out for its format (9:16, 1:1 or 16:9 by `width`/`height`). CPU work: call it from the
 * job's worker, not from a process answering HTTP.
 */
export async function renderEndCard(input: EndCardInput): Promise<EndCardResult> {
  const { width, height } = input;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 64 || height < 64 || width % 2 || height % 2)
    throw new MediaError('bad_input', 'An end card needs an even width and height of at least 64 pixels.');
  const durationS = input.durationS ?? END_CARD_DEFAULT_S;
  const frames = Math.max(1, Math.round(durationS * VIDEO_FPS));
  const { primary, secondary } = input.colors;
  const ink = inkOn(primary);
  const font = brandFont(input.fontId);
  const families = { display: `studio-${font.id}-display`, text: `studio-${font.id}-text` };
  if (!GlobalFonts.has(families.display)) {
    GlobalFonts.registerFromPath(font.file, families.display);
    GlobalFonts.registerFromPath(font.regularFile, families.text);
  }
  const url = input.ctaUrl?.trim() || undefined;
  const layout = endCardLayout(width, height, { logo: !!input.logo, product: !!input.productCutout, url: !!url });

  const [logo, product] = await Promise.all([
    input.logo && layout.logo ? trimmedImage(input.logo, primary).then((image) => logoSprite(image, layout.logo!, primary)) : undefined,
    input.productCutout && layout.product
      ? trimmedImage(input.productCutout).then(({ canvas }) => fittedSprite(canvas, layout.product!, Math.min(width, height) * 0.035))
      : undefined,
  ]);
  // A kit without a CTA closes on the logo and the product alone.
  const button = input.ctaText.trim() ? buttonSprite(input.ctaText.trim(), layout.cta, families.display, secondary) : undefined;
  const address = url && layout.url ? urlSprite(url, layout.url, families.text, ink) : undefined;
  const ground = groundCanvas(width, height, primary, layout.product);

  const frame = createCanvas(width, height);
  const ctx = frame.getContext('2d');
  const draw = (t: number) => {
    ctx.drawImage(ground, 0, 0);
    if (logo) place(ctx, logo, { from: 0, to: 0.45, rise: -0.03 }, t, height);
    if (product) place(ctx, product, { from: 0.08, to: 0.6, grow: 0.18, rise: 0.02 }, t, height);
    if (button) place(ctx, button, { from: 0.22, to: 0.62, grow: 0.25 }, t, height);
    if (address) place(ctx, address, { from: 0.32, to: END_CARD_ANIMATION_S, rise: 0.015 }, t, height);
    const { data } = ctx.getImageData(0, 0, width, height);
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  };

  const animated = Math.min(frames, Math.ceil(END_CARD_ANIMATION_S * VIDEO_FPS) + 1);
  const held = (frames - animated) / VIDEO_FPS;
  const video = await encodeFedToMp4(
    (out) => [
      ...['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-framerate', String(VIDEO_FPS), '-i', 'pipe:0'],
      ...(held > 0 ? ['-vf', `tpad=stop_mode=clone:stop_duration=${held.toFixed(3)}`] : []),
      ...ENCODE,
      ...['-frames:v', String(frames), '-an', '-movflags', '+faststart', '-y', out],
    ],
    async (write) => {
      for (let i = 0; i < animated; i++) await write(draw(i / VIDEO_FPS));
    },
  );
  return { video, mime: 'video/mp4', width, height, durationS: frames / VIDEO_FPS, layout };
}
