import type { ColourGrade } from '@studio/media';

/** A tone curve from a black point to a white point, with an S-shaped contrast (1 = straight). */
function tones(black: number, white: number, contrast: number): number[] {
  return Array.from({ length: 17 }, (_, q) => {
    const t = q / 16;
    const s = t < 0.5 ? 0.5 * (2 * t) ** contrast : 1 - 0.5 * (2 - 2 * t) ** contrast;
    return black + (white - black) * s;
  });
}

export interface GlobalStyle {
  id: string;
  name: string;
  description: string;
  grade: ColourGrade;
}

/** The styles every user has (spec 2 §3 model entries of type `global`): colour grades the local engine applies. */
export const GLOBAL_STYLES: readonly GlobalStyle[] = [
  {
    id: 'global_golden_hour',
    name: 'Golden hour',
    description: 'Warm, low sun: honey highlights and soft amber shadows.',
    grade: { mean: [62, 10, 30], spread: [22, 12, 18], tones: tones(10, 96, 1.15), palette: ['#f6c27a', '#e07b39', '#8a4b20'], grain: 2 },
  },
  {
    id: 'global_nordic',
    name: 'Nordic minimal',
    description: 'Airy and cool: bright whites, muted colour, gentle contrast.',
    grade: { mean: [76, -2, -6], spread: [15, 4, 6], tones: tones(34, 98, 0.9), palette: ['#f2f4f5', '#c9d3da', '#8b98a3'], grain: 0 },
  },
  {
    id: 'global_film_noir',
    name: 'Film noir',
    description: 'Black and white with deep blacks, bright highlights and film grain.',
    grade: { mean: [42, 0, 0], spread: [30, 0.5, 0.5], tones: tones(0, 96, 1.5), palette: ['#111111', '#6b6b6b', '#e6e6e6'], grain: 10 },
  },
  {
    id: 'global_vintage',
    name: 'Vintage film',
    description: 'Faded blacks, creamy warm tones and a little grain.',
    grade: { mean: [60, 6, 16], spread: [18, 8, 12], tones: tones(18, 90, 1), palette: ['#e8d8b0', '#b58b5a', '#5e4a3a'], grain: 8 },
  },
  {
    id: 'global_vivid_pop',
    name: 'Vivid pop',
    description: 'Punchy colour and crisp contrast for bold product ads.',
    grade: { mean: [58, 10, 8], spread: [26, 38, 38], tones: tones(4, 98, 1.3), palette: ['#ff3d6e', '#ffd23f', '#1fb6ff'], grain: 0 },
  },
  {
    id: 'global_pastel',
    name: 'Pastel dream',
    description: 'Light, soft pastels with lifted shadows.',
    grade: { mean: [82, 8, 2], spread: [11, 10, 10], tones: tones(50, 99, 0.9), palette: ['#f7d6e0', '#d6e6f7', '#e8f7d6'], grain: 0 },
  },
];
