import { describe, expect, it } from 'vitest';
import { placeWithMargin } from './canvas.ts';

describe('the welcome canvas (1820×1024, 10% margin)', () => {
  it('fits a tall photo to the inner height, centred', () => {
    const at = placeWithMargin(1000, 2000);
    expect(at.height).toBe(Math.round(1024 * 0.8));
    expect(at.width).toBe(Math.round(at.height / 2));
    expect(Math.abs(at.y - 1024 * 0.1)).toBeLessThanOrEqual(1);
    expect(at.x * 2 + at.width).toBeCloseTo(1820, -1);
  });

  it('fits a wide photo to the inner width and never touches the margin', () => {
    const at = placeWithMargin(4000, 1000);
    expect(at.width).toBe(Math.round(1820 * 0.8));
    expect(at.x).toBe(182);
    expect(at.y).toBeGreaterThanOrEqual(102);
    expect(at.y + at.height).toBeLessThanOrEqual(1024 - 102);
  });
});
