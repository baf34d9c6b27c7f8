import { describe, expect, it } from 'vitest';
import { layoutBars, niceMax } from './chart.ts';

describe('niceMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(5);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(13)).toBe(20);
    expect(niceMax(51)).toBe(100);
    expect(niceMax(200)).toBe(200);
  });
});

describe('layoutBars', () => {
  it('places one bar per day, scaled to the axis maximum', () => {
    const chart = layoutBars(
      [
        { date: '2026-03-01', credits: 10 },
        { date: '2026-03-02', credits: 0 },
        { date: '2026-03-03', credits: 5 },
        { date: '2026-03-04', credits: 20 },
      ],
      400,
      100,
    );
    expect(chart.max).toBe(20);
    expect(chart.bars).toHaveLength(4);
    expect(chart.bars[0]).toMatchObject({ x: 12.5, width: 75, height: 50, y: 50 });
    expect(chart.bars[1]?.height).toBe(0);
    expect(chart.bars[3]).toMatchObject({ height: 100, y: 0 });
    expect(chart.ticks.map((t) => t.value)).toEqual([0, 5, 10, 15, 20]);
  });
  it('copes with no data', () => {
    expect(layoutBars([], 300, 100).bars).toEqual([]);
  });
});
