/**
 * The local engine's learned style: a colour grade. Learning reads a few photos' colour in CIELAB
 * (mean and spread of lightness and of the two colour axes, the lightness distribution as a tone
 * curve, a small palette, and the grain). Applying it builds a 3D LUT for the photo at hand — its
 * own tone curve matched to the style's, its colours moved to the style's mean and spread — and
 * runs every pixel through the LUT (trilinear), then adds the style's grain.
 */
import sharp from 'sharp';
import type { ImageData } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { labToRgb, rgbToLab, type ColourGrade } from './colour.ts';

const QUANTILES = 17;
const LUT_SIZE = 33;
/** Side the statistics are read at: colour statistics need no more. */
const STATS_SIDE = 256;

interface Stats {
  mean: [number, number, number];
  spread: [number, number, number];
  tones: number[];
  grain: number;
  labs: Float32Array;
}

async function statsOf(image: ImageData): Promise<Stats> {
  const { data, info } = await sharp(image.data)
    .rotate()
    .resize(STATS_SIDE, STATS_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((e: unknown) => {
      throw new MediaError('bad_input', 'The image could not be read.', { cause: e });
    });
  const n = info.width * info.height;
  const labs = new Float32Array(n * 3);
  const sum = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const lab = rgbToLab(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!);
    for (let c = 0; c < 3; c++) {
      labs[i * 3 + c] = lab[c]!;
      sum[c]! += lab[c]!;
    }
  }
  const mean = sum.map((s) => s / n) as Stats['mean'];
  const sq = [0, 0, 0];
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) sq[c]! += (labs[i * 3 + c]! - mean[c]!) ** 2;
  const spread = sq.map((s) => Math.max(1, Math.sqrt(s / n))) as Stats['spread'];
  const lightness = Array.from({ length: n }, (_, i) => labs[i * 3]!).sort((x, y) => x - y);
  const tones = Array.from({ length: QUANTILES }, (_, q) => lightness[Math.min(n - 1, Math.round((q / (QUANTILES - 1)) * (n - 1)))]!);
  // Grain: how far each pixel's lightness is from its neighbours' average.
  let noise = 0;
  let count = 0;
  for (let y = 1; y < info.height - 1; y++)
    for (let x = 1; x < info.width - 1; x++) {
      const i = y * info.width + x;
      const around = (labs[(i - 1) * 3]! + labs[(i + 1) * 3]! + labs[(i - info.width) * 3]! + labs[(i + info.width) * 3]!) / 4;
      noise += (labs[i * 3]! - around) ** 2;
      count++;
    }
  return { mean, spread, tones, grain: count ? Math.sqrt(noise / count) * 2.55 : 0, labs };
}

/** Up to five colours that cover most of the photos (coarse buckets of a*, b* and L*). */
function paletteOf(all: Stats[]): string[] {
  const buckets = new Map<string, { n: number; lab: [number, number, number] }>();
  for (const s of all)
    for (let i = 0; i < s.labs.length; i += 3 * 7) {
      const lab: [number, number, number] = [s.labs[i]!, s.labs[i + 1]!, s.labs[i + 2]!];
      const key = `${Math.round(lab[0] / 20)}:${Math.round(lab[1] / 16)}:${Math.round(lab[2] / 16)}`;
      const b = buckets.get(key) ?? { n: 0, lab: [0, 0, 0] };
      b.n++;
      for (let c = 0; c < 3; c++) b.lab[c]! += lab[c]!;
      buckets.set(key, b);
    }
  return [...buckets.values()]
    .sort((x, y) => y.n - x.n)
    .slice(0, 5)
    .map(
      (b) =>
        '#' +
        labToRgb(b.lab[0] / b.n, b.lab[1] / b.n, b.lab[2] / b.n)
          .map((v) => v.toString(16).padStart(2, '0'))
          .join(''),
    );
}

/** Learns a style from a few photos (about four). */
export async function learnGrade(images: ImageData[]): Promise<ColourGrade> {
  if (images.length === 0) throw new MediaError('bad_input', 'A style needs at least one image.');
  const all = await Promise.all(images.map(statsOf));
  const avg = (pick: (s: Stats) => number) => all.reduce((t, s) => t + pick(s), 0) / all.length;
  return {
    mean: [0, 1, 2].map((c) => avg((s) => s.mean[c]!)) as ColourGrade['mean'],
    spread: [0, 1, 2].map((c) => avg((s) => s.spread[c]!)) as ColourGrade['spread'],
    tones: Array.from({ length: QUANTILES }, (_, q) => avg((s) => s.tones[q]!)),
    palette: paletteOf(all),
    grain: avg((s) => s.grain),
  };
}

/** Piecewise-linear map from one tone curve to another. */
function toneMap(from: number[], to: number[]): (L: number) => number {
  return (L) => {
    if (L <= from[0]!) return to[0]! + (L - from[0]!);
    for (let q = 1; q < from.length; q++) {
      if (L <= from[q]!) {
        const span = from[q]! - from[q - 1]!;
        const t = span > 1e-6 ? (L - from[q - 1]!) / span : 0;
        return to[q - 1]! + t * (to[q]! - to[q - 1]!);
      }
    }
    return to.at(-1)! + (L - from.at(-1)!);
  };
}

/**
 * Applies a style to a photo. `strength` (0–1) blends the graded colours with the photo's own.
 * Returns a PNG of the same size.
 */
export async function applyGrade(image: ImageData, grade: ColourGrade, strength = 0.85): Promise<ImageData> {
  const own = await statsOf(image);
  const tone = toneMap(own.tones, grade.tones);
  const k = Math.max(0, Math.min(1, strength));
  // The LUT: every grid colour through the grade.
  const lut = new Uint8Array(LUT_SIZE ** 3 * 3);
  const step = 255 / (LUT_SIZE - 1);
  for (let r = 0; r < LUT_SIZE; r++)
    for (let g = 0; g < LUT_SIZE; g++)
      for (let b = 0; b < LUT_SIZE; b++) {
        const [L, A, B] = rgbToLab(r * step, g * step, b * step);
        const L2 = tone(L);
        const A2 = ((A - own.mean[1]) * grade.spread[1]) / own.spread[1] + grade.mean[1];
        const B2 = ((B - own.mean[2]) * grade.spread[2]) / own.spread[2] + grade.mean[2];
        const out = labToRgb(L + k * (L2 - L), A + k * (A2 - A), B + k * (B2 - B));
        lut.set(out, ((r * LUT_SIZE + g) * LUT_SIZE + b) * 3);
      }
  const { data, info } = await sharp(image.data).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(data.length);
  const extraGrain = Math.max(0, grade.grain - own.grain) * k;
  let seed = 12345;
  const noise = () => {
    // Deterministic grain (the same photo graded twice looks the same).
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 2;
  };
  // Trilinear lookup, written flat: this loop runs for every pixel.
  const S = LUT_SIZE - 1;
  const k255 = S / 255;
  const dR = LUT_SIZE * LUT_SIZE * 3,
    dG = LUT_SIZE * 3,
    dB = 3;
  for (let i = 0; i < data.length; i += 3) {
    const fr = data[i]! * k255,
      fg = data[i + 1]! * k255,
      fb = data[i + 2]! * k255;
    const r0 = fr >= S ? S - 1 : fr | 0,
      g0 = fg >= S ? S - 1 : fg | 0,
      b0 = fb >= S ? S - 1 : fb | 0;
    const dr = fr - r0,
      dg = fg - g0,
      db = fb - b0;
    const grainValue = extraGrain ? noise() * extraGrain : 0;
    const base = r0 * dR + g0 * dG + b0 * dB;
    for (let c = 0; c < 3; c++) {
      const p = base + c;
      const c00 = lut[p]! + (lut[p + dB]! - lut[p]!) * db;
      const c01 = lut[p + dG]! + (lut[p + dG + dB]! - lut[p + dG]!) * db;
      const c10 = lut[p + dR]! + (lut[p + dR + dB]! - lut[p + dR]!) * db;
      const c11 = lut[p + dR + dG]! + (lut[p + dR + dG + dB]! - lut[p + dR + dG]!) * db;
      const lo = c00 + (c01 - c00) * dg;
      const v = lo + (c10 + (c11 - c10) * dg - lo) * dr + grainValue + 0.5;
      out[i + c] = v <= 0 ? 0 : v >= 255 ? 255 : v | 0;
    }
  }
  const png = await sharp(out, { raw: { width: info.width, height: info.height, channels: 3 } })
    .png()
    .toBuffer();
  return { data: png, mime: 'image/png', width: info.width, height: info.height };
}

/**
 * How far a photo's colour is from a style's: the distance of their Lab means plus that of their
 * spreads (lower is closer). Used by tests and the bench to show that a style moves colour.
 */
export async function gradeDistance(image: ImageData, grade: ColourGrade): Promise<number> {
  const s = await statsOf(image);
  let d = 0;
  for (let c = 0; c < 3; c++) d += (s.mean[c]! - grade.mean[c]!) ** 2 + (s.spread[c]! - grade.spread[c]!) ** 2;
  return Math.sqrt(d);
}
