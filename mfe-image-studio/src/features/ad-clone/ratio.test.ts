import { describe, expect, it } from 'vitest';
import { closestRatio } from './AdClonePage.tsx';

describe('Ad Clone aspect ratio', () => {
  it('starts from the listed ratio closest to the reference ad', () => {
    expect(closestRatio(1080, 1920)).toBe('9:16');
    expect(closestRatio(1100, 1000)).toBe('1:1');
    expect(closestRatio(1600, 1200)).toBe('4:3');
    expect(closestRatio(800, 1100)).toBe('3:4');
    expect(closestRatio(1920, 1000)).toBe('16:9');
  });
});
