import { describe, expect, it } from 'vitest';
import { deltaE2000, labToRgb, rgbToLab } from './colour.ts';

describe('colour in CIELAB', () => {
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

  it('measures colour difference as CIEDE2000 (Sharma, Wu & Dalal’s test pairs)', () => {
    const pairs: [[number, number, number], [number, number, number], number][] = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
      [[50, 0, 0], [50, -1, 2], 2.3669],
      [[50, 2.5, 0], [73, 25, -18], 27.1492],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
      [[50, 2.5, 0], [50, 0, -2.5], 4.3065],
    ];
    for (const [a, b, expected] of pairs) {
      expect(deltaE2000(a, b)).toBeCloseTo(expected, 3);
      expect(deltaE2000(b, a)).toBeCloseTo(expected, 3);
    }
    expect(deltaE2000([40, 10, 10], [40, 10, 10])).toBe(0);
  });
});
