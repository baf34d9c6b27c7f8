/**
 * The words the local studio reads from a prompt (colours, materials, light, patterns), and the
 * colour names it speaks when it describes a photo.
 */
import { deltaE2000, rgbToLab } from './colour.ts';

export type RGB = [number, number, number];

/** A table written as "name rrggbb name rrggbb …". */
function colourTable(text: string): Record<string, RGB> {
  const t = text.trim().split(/\s+/);
  const out: Record<string, RGB> = {};
  for (let i = 0; i + 1 < t.length; i += 2) {
    const h = t[i + 1]!;
    out[t[i]!] = [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
  }
  return out;
}

/** The CSS named colours (CSS Color 4): "salmon", "light blue" or "midnightblue" mean what a browser means. */
const CSS_COLOURS = colourTable(`
aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc bisque ffe4c4
black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a burlywood deb887
cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50 cornflowerblue 6495ed cornsilk fff8dc
crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b darkgoldenrod b8860b darkgray a9a9a9
darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00
darkorchid 9932cc darkred 8b0000 darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b
darkslategray 2f4f4f darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493
deepskyblue 00bfff dimgray 696969 dimgrey 696969 dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0
forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold ffd700 goldenrod daa520 gray 808080
green 008000 greenyellow adff2f grey 808080 honeydew f0fff0 hotpink ff69b4 indianred cd5c5c indigo 4b0082
ivory fffff0 khaki f0e68c lavender e6e6fa lavenderblush fff0f5 lawngreen 7cfc00 lemonchiffon fffacd
lightblue add8e6 lightcoral f08080 lightcyan e0ffff lightgoldenrodyellow fafad2 lightgray d3d3d3
lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1 lightsalmon ffa07a lightseagreen 20b2aa
lightskyblue 87cefa lightslategray 778899 lightslategrey 778899 lightsteelblue b0c4de lightyellow ffffe0
lime 00ff00 limegreen 32cd32 linen faf0e6 magenta ff00ff maroon 800000 mediumaquamarine 66cdaa
mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db mediumseagreen 3cb371 mediumslateblue 7b68ee
mediumspringgreen 00fa9a mediumturquoise 48d1cc mediumvioletred c71585 midnightblue 191970 mintcream f5fffa
mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead navy 000080 oldlace fdf5e6 olive 808000 olivedrab 6b8e23
orange ffa500 orangered ff4500 orchid da70d6 palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee
palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 peru cd853f pink ffc0cb plum dda0dd powderblue b0e0e6
purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f royalblue 4169e1 saddlebrown 8b4513
salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee sienna a0522d silver c0c0c0 skyblue 87ceeb
slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa springgreen 00ff7f steelblue 4682b4 tan d2b48c
teal 008080 thistle d8bfd8 tomato ff6347 turquoise 40e0d0 violet ee82ee wheat f5deb3 white ffffff
whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32`);

/**
 * The studio's own tones for common names, and the colour words of interiors and product
 * photography. They win over CSS where both name a colour: in a set, "pink" is a rose, not CSS's
 * pale pink, and "gold" the metal, not CSS's yellow.
 */
const STUDIO_COLOURS = colourTable(`
white f0f0ec black 18181a grey 808084 gray 808084 red c82828 orange eb8228 yellow f0d23c gold d4af37 green 3c9650
teal 1e8c8c blue 3264c8 navy 192350 purple 783ca0 pink eb8caa beige e1cdaa brown 785032 cream f5ebd2 pastel d7c8e6
mint aae1c8 silver c0c0c8 sage 9caf88 blush f4c2c2 rust b7410e ochre cc7722 mustard e1ad01
amber ffbf00 charcoal 36454f burgundy 800020 emerald 50c878 champagne f7e7ce taupe b38b6d mauve e0b0ff lilac c8a2c8
peach ffcba4 copper b87333 bronze cd7f32 cobalt 0047ab ruby e0115f jade 00a86b mocha 967969 caramel c68e17
denim 1560bd nude e3bc9a forest 2e5e3a olive 6b6b2a rose e8a0b0 lemon fff44f
cherry b3122e wine 722f37 plum 8e4585 aubergine 472c4c lavender c8b4e6 sky 87ceeb ocean 1f6f8b sea 2e8b9a`);

/** Every colour word a prompt may use. */
export const COLOURS: Record<string, RGB> = { ...CSS_COLOURS, ...STUDIO_COLOURS };

/**
 * The names `nameColour` chooses from: the words people use for a photo's colours, each at a
 * typical tone of what they call by it (a curated table, nearest by CIEDE2000).
 */
const NAMES = colourTable(`
white f4f4f2 black 141416 charcoal 36393e grey 808080 silver c0c0c0 red c8202a burgundy 800020 pink f4b6c2
hotpink ff69b4 coral ff7f50 orange f28c28 amber ffbf00 gold d4af37 yellow f2d53c beige d9c3a0 cream f5ecd7
tan c8a47a brown 7b4a2a terracotta c8644a olive 6b6b2a green 3a9a4a sage 9caf88 mint aae6c8 teal 008080
turquoise 40c8c8 skyblue 87ceeb blue 2f5fd0 navy 1b2a5a purple 7a3fa0 lavender c8b4e6 magenta d0308f`);
const SPOKEN: Record<string, string> = { hotpink: 'hot pink', skyblue: 'sky blue' };

export type Texture = 'grain' | 'veins' | 'noise' | 'smooth' | 'sheen' | 'weave' | 'speckle' | 'ripples';

/** Materials: a base colour and how the floor made of it looks. */
export const MATERIALS: Record<string, { base: RGB; texture: Texture }> = {
  wood: { base: [150, 105, 65], texture: 'grain' },
  wooden: { base: [150, 105, 65], texture: 'grain' },
  marble: { base: [232, 230, 226], texture: 'veins' },
  concrete: { base: [160, 160, 158], texture: 'noise' },
  cement: { base: [160, 160, 158], texture: 'noise' },
  stone: { base: [140, 135, 125], texture: 'noise' },
  slate: { base: [74, 78, 84], texture: 'noise' },
  granite: { base: [120, 118, 115], texture: 'speckle' },
  terrazzo: { base: [226, 221, 212], texture: 'speckle' },
  cork: { base: [186, 146, 102], texture: 'speckle' },
  sand: { base: [220, 195, 150], texture: 'ripples' },
  beach: { base: [224, 200, 158], texture: 'ripples' },
  dunes: { base: [214, 170, 115], texture: 'ripples' },
  terracotta: { base: [196, 104, 72], texture: 'noise' },
  clay: { base: [182, 112, 82], texture: 'noise' },
  brick: { base: [160, 76, 56], texture: 'noise' },
  plaster: { base: [226, 220, 210], texture: 'noise' },
  linen: { base: [225, 215, 195], texture: 'weave' },
  cotton: { base: [236, 232, 224], texture: 'weave' },
  canvas: { base: [214, 204, 182], texture: 'weave' },
  rattan: { base: [192, 152, 98], texture: 'weave' },
  wicker: { base: [192, 152, 98], texture: 'weave' },
  velvet: { base: [110, 30, 60], texture: 'sheen' },
  silk: { base: [232, 222, 214], texture: 'sheen' },
  satin: { base: [232, 222, 214], texture: 'sheen' },
  leather: { base: [112, 70, 44], texture: 'sheen' },
  metal: { base: [178, 182, 188], texture: 'sheen' },
  steel: { base: [170, 175, 182], texture: 'sheen' },
  chrome: { base: [200, 204, 210], texture: 'sheen' },
  paper: { base: [245, 242, 235], texture: 'smooth' },
  glass: { base: [200, 220, 230], texture: 'smooth' },
  acrylic: { base: [236, 238, 240], texture: 'smooth' },
};

/** How the set is lit. */
export type LightWord = 'sunlit' | 'golden' | 'neon' | 'soft' | 'moody' | 'studio' | 'bright';

const LIGHT_WORDS: Record<string, LightWord> = {
  sunlit: 'sunlit',
  sunny: 'sunlit',
  sunlight: 'sunlit',
  sun: 'sunlit',
  sunshine: 'sunlit',
  daylight: 'sunlit',
  summer: 'sunlit',
  golden: 'golden',
  sunset: 'golden',
  sunrise: 'golden',
  dusk: 'golden',
  neon: 'neon',
  cyberpunk: 'neon',
  synthwave: 'neon',
  soft: 'soft',
  diffused: 'soft',
  diffuse: 'soft',
  dreamy: 'soft',
  hazy: 'soft',
  overcast: 'soft',
  moody: 'moody',
  dramatic: 'moody',
  noir: 'moody',
  chiaroscuro: 'moody',
  studio: 'studio',
  softbox: 'studio',
  bright: 'bright',
  airy: 'bright',
  luminous: 'bright',
};

/** Shadows thrown across the set by something out of the frame. */
export type Gobo = 'leaves' | 'blinds';

export interface SceneWords {
  colours: RGB[];
  colourNames: string[];
  material?: { name: string; base: RGB; texture: Texture };
  /** Square tiles laid on the floor (the material's colour, or glazed white). */
  tiled: boolean;
  lights: LightWord[];
  gobo?: Gobo;
  mood: 'warm' | 'cool' | 'neutral';
  dark: boolean;
}

const LEAVES = ['leaf', 'leaves', 'palm', 'palms', 'foliage', 'frond', 'fronds', 'monstera', 'fern', 'branch', 'branches', 'tree'];
const BLINDS = ['blinds', 'blind', 'venetian', 'slatted', 'slats', 'shutters', 'stripes', 'striped'];
/** Words that, next to leaves or blinds, make them a shadow on the set rather than the set itself. */
const CAST = ['shadow', 'shadows', 'shade', 'dappled', 'gobo', 'silhouette', 'silhouettes', 'sunlight', 'sunlit'];
/** Before a colour, these change its tone instead of the scene. */
const TONE: Record<string, (c: RGB) => RGB> = {
  light: (c) => mixRgb(c, [255, 255, 255], 0.35),
  pale: (c) => mixRgb(c, [255, 255, 255], 0.45),
  pastel: (c) => mixRgb(c, [255, 255, 255], 0.5),
  dark: (c) => mixRgb(c, [0, 0, 0], 0.4),
  deep: (c) => mixRgb(c, [0, 0, 0], 0.3),
  dusty: (c) => mixRgb(c, [150, 140, 140], 0.35),
  muted: (c) => mixRgb(c, [140, 140, 140], 0.35),
};

/** Whether a table has this word as its own key (a prompt's "constructor" is not a colour). */
const known = (table: object, word: string) => Object.hasOwn(table, word);
const mixRgb = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** Reads colours, a material, tiles, light words, cast shadows and mood words from a prompt. */
export function readPrompt(prompt: string): SceneWords {
  const words = prompt.toLowerCase().match(/[a-z]+/g) ?? [];
  const colours: RGB[] = [];
  const colourNames: string[] = [];
  // Words spent on a colour ("light" in "light blue", "dark" in "dark green") say nothing of the scene.
  const spent = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    // "sky blue", "hot pink": a CSS name written as two words.
    const pair = w + (words[i + 1] ?? '');
    const name = i + 1 < words.length && known(COLOURS, pair) ? pair : known(COLOURS, w) && !known(MATERIALS, w) ? w : undefined;
    if (!name) continue;
    let c = COLOURS[name]!;
    const before = words[i - 1];
    if (before && known(TONE, before) && before !== 'pastel' && !spent.has(i - 1)) {
      c = TONE[before]!(c);
      spent.add(i - 1);
    }
    colours.push(c);
    colourNames.push(name);
    spent.add(i);
    if (name === pair) spent.add(++i);
  }
  const has = (...xs: string[]) => words.some((w, i) => xs.includes(w) && !spent.has(i));
  const m = words.find((w) => known(MATERIALS, w));
  const lights = [...new Set(words.filter((w, i) => known(LIGHT_WORDS, w) && !spent.has(i)).map((w) => LIGHT_WORDS[w]!))];
  const cast = has(...CAST);
  const gobo: Gobo | undefined = has('dappled') || (cast && has(...LEAVES)) ? 'leaves' : has(...BLINDS) ? 'blinds' : undefined;
  const mood = has('warm', 'sunset', 'golden', 'cozy', 'cosy', 'sunlit', 'sunny', 'candlelit', 'candle')
    ? 'warm'
    : has('cool', 'cold', 'winter', 'ice', 'icy', 'frosty', 'arctic')
      ? 'cool'
      : 'neutral';
  return {
    colours,
    colourNames,
    material: m ? { name: m, ...MATERIALS[m]! } : undefined,
    tiled: has('tile', 'tiles', 'tiled', 'ceramic', 'zellige', 'mosaic'),
    lights,
    gobo,
    mood,
    dark: has('dark', 'night', 'moody', 'noir', 'neon', 'dim', 'midnight', 'candlelit'),
  };
}

const NAME_LABS = Object.entries(NAMES).map(([name, rgb]) => [SPOKEN[name] ?? name, rgbToLab(...rgb)] as const);
/** Names already found, by 6-bit-per-channel bucket: a photo repeats its colours thousands of times. */
const named = new Map<number, string>();

/** The name people would give an RGB colour: the nearest of a curated table, by CIEDE2000. */
export function nameColour(rgb: RGB): string {
  const key = ((rgb[0] >> 2) << 12) | ((rgb[1] >> 2) << 6) | (rgb[2] >> 2);
  const known = named.get(key);
  if (known) return known;
  const lab = rgbToLab(...rgb);
  let best = 'grey',
    dist = Infinity;
  for (const [name, ref] of NAME_LABS) {
    const d = deltaE2000(lab, ref);
    if (d < dist) {
      dist = d;
      best = name;
    }
  }
  named.set(key, best);
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
