/** Geometry of the usage bar chart (plain SVG, no chart library). */

export interface DayValue {
  date: string;
  credits: number;
}

export interface ChartBar {
  date: string;
  credits: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BarChart {
  bars: ChartBar[];
  /** Gridline values from 0 to the axis maximum. */
  ticks: { value: number; y: number }[];
  max: number;
}

/** A round axis maximum at or above `value`: 1, 2, 5 × 10^n. */
export function niceMax(value: number): number {
  if (value <= 0) return 5;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

/** Lays out one bar per day inside `width × height`; the gap is a share of each slot. */
export function layoutBars(days: DayValue[], width: number, height: number, gapRatio = 0.25): BarChart {
  const max = niceMax(Math.max(0, ...days.map((d) => d.credits)));
  const slot = days.length > 0 ? width / days.length : width;
  const barWidth = slot * (1 - gapRatio);
  const bars = days.map((d, i) => {
    const h = (Math.max(0, d.credits) / max) * height;
    return { date: d.date, credits: d.credits, x: i * slot + (slot - barWidth) / 2, y: height - h, width: barWidth, height: h };
  });
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => ({ value: Math.round(max * f * 100) / 100, y: height - f * height }));
  return { bars, ticks, max };
}
