import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageData } from '../../capabilities.ts';
import { rgbToLab } from './colour.ts';
import { applyGrade, gradeDistance, learnGrade } from './grade.ts';
import { renderStyleSample } from './style-sample.ts';

/** A photo-like test picture: a gradient sky, a ground and a bottle, in the given tones. */
async function scene(sky: [string, string], ground: string, bottle: string, seed = 0): Promise<ImageData> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="180">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
  <rect width="240" height="180" fill="url(#s)"/><rect y="${110 + seed * 5}" width="240" height="80" fill="${ground}"/>
  <rect x="${90 + seed * 10}" y="50" width="40" height="90" rx="10" fill="${bottle}"/></svg>`;
  return { data: await sharp(Buffer.from(svg)).png().toBuffer(), mime: 'image/png', width: 240, height: 180 };
}

describe('colour grade', () => {
  it('moves a photo’s colours toward the training set’s (the measured distance shrinks)', async () => {
    // A warm, golden set…
    const warm = await Promise.all([0, 1, 2, 3].map((i) => scene(['#f6c27a', '#e07b39'], '#8a4b20', '#c0392b', i)));
    const grade = await learnGrade(warm);
    expect(grade.mean[2]).toBeGreaterThan(20); // yellow-orange: strongly positive b*
    expect(grade.palette.length).toBeGreaterThan(1);
    // …applied to a cold blue photo.
    const cold = await scene(['#9cc9f0', '#3a78c2'], '#2f4f6f', '#d0e4f7');
    const before = await gradeDistance(cold, grade);
    const graded = await applyGrade(cold, grade);
    const after = await gradeDistance(graded, grade);
    expect([graded.width, graded.height]).toEqual([240, 180]);
    expect(after).toBeLessThan(before * 0.5);
  });
});

describe('style sample', () => {
  it('shows one studio still life, graded in each style', async () => {
    const warm = await learnGrade(await Promise.all([0, 1, 2].map((i) => scene(['#f6c27a', '#e07b39'], '#8a4b20', '#c0392b', i))));
    const cool = await learnGrade(await Promise.all([0, 1, 2].map((i) => scene(['#9cc9f0', '#3a78c2'], '#2f4f6f', '#d0e4f7', i))));
    const [a, b] = await Promise.all([renderStyleSample(warm, 240, 300), renderStyleSample(cool, 240, 300)]);
    const lab = async (png: Buffer) => {
      const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      return Array.from({ length: data.length / 3 }, (_, i) => rgbToLab(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!));
    };
    const [la, lb] = [await lab(a.data), await lab(b.data)];
    // Each takes its style's colour: the warm sample is far yellower (b*) than the cool one.
    const meanB = (px: [number, number, number][]) => px.reduce((t, p) => t + p[2], 0) / px.length;
    expect(meanB(la) - meanB(lb)).toBeGreaterThan(15);
    // Both show the same picture: their lightness moves together pixel by pixel.
    const L = (px: [number, number, number][]) => px.map((p) => p[0]);
    const [xa, xb] = [L(la), L(lb)];
    const mean = (v: number[]) => v.reduce((t, x) => t + x, 0) / v.length;
    const [ma, mb] = [mean(xa), mean(xb)];
    let cov = 0,
      va = 0,
      vb = 0;
    for (let i = 0; i < xa.length; i++) {
      cov += (xa[i]! - ma) * (xb[i]! - mb);
      va += (xa[i]! - ma) ** 2;
      vb += (xb[i]! - mb) ** 2;
    }
    expect(cov / Math.sqrt(va * vb)).toBeGreaterThan(0.8);
    // Objects, not blobs: crossing the lower middle from top to bottom meets sharp-edged shapes.
    const column = (x: number) => Array.from({ length: 300 }, (_, y) => xa[y * 240 + x]!);
    const edges = (v: number[]) => v.slice(1).filter((x, i) => Math.abs(x - v[i]!) > 12).length;
    expect(edges(column(90)) + edges(column(120)) + edges(column(150))).toBeGreaterThan(6);
  });
});
