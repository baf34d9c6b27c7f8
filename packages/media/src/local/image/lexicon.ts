/** The small colour/material lexicon the procedural studio reads from a prompt. */
export type RGB = [number, number, number];

export const COLOURS: Record<string, RGB> = {
  white: [240, 240, 236],
  black: [24, 24, 26],
  grey: [128, 128, 132],
  gray: [128, 128, 132],
  red: [200, 40, 40],
  orange: [235, 130, 40],
  yellow: [240, 210, 60],
  gold: [212, 175, 55],
  green: [60, 150, 80],
  teal: [30, 140, 140],
  blue: [50, 100, 200],
  navy: [25, 35, 80],
  purple: [120, 60, 160],
  pink: [235, 140, 170],
  beige: [225, 205, 170],
  brown: [120, 80, 50],
  cream: [245, 235, 210],
  pastel: [215, 200, 230],
  mint: [170, 225, 200],
  silver: [192, 192, 200],
};

/** Materials: a base colour and a texture kind for the floor/backdrop. */
export const MATERIALS: Record<string, { base: RGB; texture: 'grain' | 'veins' | 'noise' | 'smooth' }> = {
  wood: { base: [150, 105, 65], texture: 'grain' },
  wooden: { base: [150, 105, 65], texture: 'grain' },
  marble: { base: [232, 230, 226], texture: 'veins' },
  concrete: { base: [160, 160, 158], texture: 'noise' },
  stone: { base: [140, 135, 125], texture: 'noise' },
  sand: { base: [220, 195, 150], texture: 'noise' },
  linen: { base: [225, 215, 195], texture: 'noise' },
  velvet: { base: [110, 30, 60], texture: 'smooth' },
  paper: { base: [245, 242, 235], texture: 'smooth' },
  glass: { base: [200, 220, 230], texture: 'smooth' },
};

export interface SceneWords {
  colours: RGB[];
  colourNames: string[];
  material?: { name: string; base: RGB; texture: string };
  mood: 'warm' | 'cool' | 'neutral';
  dark: boolean;
}

/** Reads colours, a material and mood words from a prompt. */
export function readPrompt(prompt: string): SceneWords {
  const words = prompt.toLowerCase().match(/[a-z]+/g) ?? [];
  const colourNames = words.filter((w) => w in COLOURS);
  const m = words.find((w) => w in MATERIALS);
  const mood = words.some((w) => ['warm', 'sunset', 'golden', 'cozy'].includes(w))
    ? 'warm'
    : words.some((w) => ['cool', 'cold', 'winter', 'ice', 'icy'].includes(w))
      ? 'cool'
      : 'neutral';
  return {
    colours: colourNames.map((c) => COLOURS[c]!),
    colourNames,
    material: m ? { name: m, ...MATERIALS[m]! } : undefined,
    mood,
    dark: words.some((w) => ['dark', 'night', 'moody', 'noir'].includes(w)),
  };
}

/** The nearest lexicon colour name for an RGB value. */
export function nameColour([r, g, b]: RGB): string {
  const max = Math.max(r, g, b),
    min = Math.min(r, g, b);
  if (max - min < 24) return max > 200 ? 'white' : max < 60 ? 'black' : 'grey';
  let best = 'grey',
    dist = Infinity;
  for (const [name, [cr, cg, cb]] of Object.entries(COLOURS)) {
    if (['gray', 'pastel', 'gold', 'silver', 'cream', 'mint', 'navy', 'teal'].includes(name)) continue;
    const d = (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2;
    if (d < dist) {
      dist = d;
      best = name;
    }
  }
  return best;
}

/** The text between the first pair of quotes in a prompt ("…", “…” or '…'). */
export function quotedText(prompt: string): string | undefined {
  const m = prompt.match(/"([^"]+)"|“([^”]+)”|'([^']+)'/);
  return m ? (m[1] ?? m[2] ?? m[3])?.trim() : undefined;
}

export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}
