/**
 * Colour in a perceptual space: sRGB (0–255) ↔ CIELAB (D65) per pixel, and the CIEDE2000 difference (culori's). One
 * module for the grade (which moves colours), the scene grading that must leave a product's own
 * colour alone, and the colour names a description uses.
 */
import { differenceCiede2000 } from 'culori';

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toGamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
const WHITE = [0.95047, 1, 1.08883] as const;
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
const fInv = (t: number) => (t ** 3 > 216 / 24389 ? t ** 3 : (116 * t - 16) / (24389 / 27));

/** sRGB (0–255) to CIELAB (D65). */
export function rgbToLab(r: number, g: number, b: number): [number, number, number] {
  const [R, G, B] = [toLinear(r / 255), toLinear(g / 255), toLinear(b / 255)];
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / WHITE[0];
  const y = (0.2126729 * R + 0.7151522 * G + 0.072175 * B) / WHITE[1];
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / WHITE[2];
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIELAB (D65) to sRGB (0–255), clamped to the sRGB gamut. */
export function labToRgb(L: number, a: number, bb: number): [number, number, number] {
  const fy = (L + 16) / 116;
  const [x, y, z] = [fInv(fy + a / 500) * WHITE[0], fInv(fy) * WHITE[1], fInv(fy - bb / 200) * WHITE[2]];
  const R = 3.2404542 * x - 1.5371385 * y - 0.4985314 * z;
  const G = -0.969266 * x + 1.8760108 * y + 0.041556 * z;
  const B = 0.0556434 * x - 0.2040259 * y + 1.0572252 * z;
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(toGamma(Math.max(0, Math.min(1, v))) * 255)));
  return [clamp(R), clamp(G), clamp(B)];
}

const ciede2000 = differenceCiede2000();

/**
 * CIEDE2000 colour difference of two CIELAB (D65) colours, culori's: about 1 is the smallest
 * difference most people see, under 5 reads as the same colour side by side.
 */
export function deltaE2000(lab1: readonly [number, number, number], lab2: readonly [number, number, number]): number {
  return ciede2000({ mode: 'lab65', l: lab1[0], a: lab1[1], b: lab1[2] }, { mode: 'lab65', l: lab2[0], a: lab2[1], b: lab2[2] });
}

/** A learned style's colour, in CIELAB: what the local engine's grade learns and applies (grade.ts). */
export interface ColourGrade {
  /** Mean of L*, a*, b*. */
  mean: [number, number, number];
  /** Standard deviation of L*, a*, b*. */
  spread: [number, number, number];
  /** L* at the 0, 1/16, …, 16/16 quantiles: the tone curve. */
  tones: number[];
  /** Up to five dominant colours, as sRGB hex. */
  palette: string[];
  /** Fine-detail noise level (standard deviation of the high-pass luminance, 0–255). */
  grain: number;
}
