import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageData } from '../../capabilities.ts';
import { applyGrade, gradeDistance, labToRgb, learnGrade, rgbToLab } from './grade.ts';

/** A photo-like test picture: a gradient sky, a ground and a bottle, in the given tones. */
async function scene(sky: [string, string], ground: string, bottle: string, seed = 0): Promise<ImageData> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="180">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
  <rect width="240" height="180" fill="url(#s)"/><rect y="${110 + seed * 5}" width="240" height="80" fill="${ground}"/>
  <rect x="${90 + seed * 10}" y="50" width="40" height="90" rx="10" fill="${bottle}"/></svg>`;
  return { data: await sharp(Buffer.from(svg)).png().toBuffer(), mime: 'image/png', width: 240, height: 180 };
}

describe('colour grade', () => {
  it('converts sRGB to CIELAB and back', () => {
    const colours: [number, number, number][] = [
      [0, 0, 0],
      [255, 255, 255],
      [200, 40, 90],
      [12, 160, 220],
    ];
    for (const rgb of colours) {
      const [L, a, b] = rgbToLab(rgb[0], rgb[1], rgb[2]);
      expect(labToRgb(L, a, b)).toEqual(rgb);
    }
    expect(rgbToLab(255, 255, 255)[0]).toBeCloseTo(100, 1);
  });

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
