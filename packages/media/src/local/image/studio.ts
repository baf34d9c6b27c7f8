import sharp, { type OverlayOptions } from 'sharp';
import { escapeXml, readPrompt, type RGB } from './lexicon.ts';

const hex = ([r, g, b]: RGB) =>
  '#' +
  [r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
const mix = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const shade = (c: RGB, f: number): RGB => [c[0] * f, c[1] * f, c[2] * f];

/** A small deterministic PRNG so variant `seed`s give different but repeatable scenes. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/**
 * A procedural studio backdrop as SVG: a wall gradient in the prompt's colours, a floor with the
 * named material's texture, a key light falloff (radial), warm/cool tint and dark mode.
 */
export function backdropSvg(prompt: string, width: number, height: number, seed = 1): string {
  const w = readPrompt(prompt);
  const r = rng(seed * 7919 + prompt.length);
  let wall: RGB = w.colours[0] ?? [226, 222, 216];
  if (w.mood === 'warm') wall = mix(wall, [255, 190, 120], 0.25);
  if (w.mood === 'cool') wall = mix(wall, [140, 180, 230], 0.25);
  if (w.dark) wall = shade(wall, 0.35);
  const floor: RGB = w.material?.base ?? (w.colours[1] ? w.colours[1] : shade(wall, 0.82));
  const horizon = Math.round(height * (0.6 + r() * 0.08));
  const lightX = Math.round(width * (0.3 + r() * 0.4));
  let texture = '';
  const kind = w.material?.texture;
  if (kind === 'grain') {
    for (let i = 0; i < 40; i++) {
      const y = horizon + r() * (height - horizon);
      texture += `<path d="M0 ${y.toFixed(1)} Q ${width / 2} ${(y + (r() - 0.5) * 14).toFixed(1)} ${width} ${y.toFixed(1)}" stroke="${hex(shade(floor, 0.78))}" stroke-opacity="0.35" stroke-width="${(1 + r() * 2).toFixed(1)}" fill="none"/>`;
    }
  } else if (kind === 'veins') {
    for (let i = 0; i < 12; i++) {
      const x = r() * width,
        y = horizon + r() * (height - horizon);
      texture += `<path d="M${x.toFixed(1)} ${y.toFixed(1)} q ${(r() * 120 - 60).toFixed(1)} ${(r() * 40).toFixed(1)} ${(r() * 240 - 120).toFixed(1)} ${(r() * 30).toFixed(1)}" stroke="#8a8a90" stroke-opacity="0.35" stroke-width="1.2" fill="none"/>`;
    }
  } else if (kind === 'noise') {
    texture = `<rect y="${horizon}" width="${width}" height="${height - horizon}" filter="url(#n)" opacity="0.18"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(shade(wall, 0.8))}"/><stop offset="1" stop-color="${hex(wall)}"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(floor)}"/><stop offset="1" stop-color="${hex(shade(floor, 0.7))}"/></linearGradient>
<radialGradient id="light" cx="${lightX}" cy="${Math.round(height * 0.25)}" r="${Math.round(Math.max(width, height) * 0.75)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff" stop-opacity="${w.dark ? 0.25 : 0.45}"/><stop offset="1" stop-color="#000" stop-opacity="${w.dark ? 0.55 : 0.25}"/></radialGradient>
<filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.8" numOctaves="2" seed="${seed}"/><feColorMatrix type="saturate" values="0"/></filter>
</defs>
<rect width="${width}" height="${horizon}" fill="url(#wall)"/>
<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#floor)"/>
${texture}
<rect y="${horizon - 2}" width="${width}" height="4" fill="#000" opacity="0.08"/>
<rect width="${width}" height="${height}" fill="url(#light)"/>
</svg>`;
}

/** A soft elliptical floor shadow under a placed object. */
export function shadowSvg(width: number, height: number, cx: number, cy: number, rx: number, ry: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><filter id="b"><feGaussianBlur stdDeviation="${Math.max(2, ry * 0.6).toFixed(1)}"/></filter></defs><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" opacity="0.45" filter="url(#b)"/></svg>`;
}

/** A centred headline of the given text (escaped) in the upper third, sized to fit. */
export function textSvg(text: string, width: number, height: number, colour = '#1b1b1f'): string {
  const lines = wrap(text, 22).slice(0, 3);
  const size = Math.max(
    12,
    Math.min(Math.round(height * 0.11), Math.floor((width * 0.9) / Math.max(...lines.map((l) => l.length), 1) / 0.6)),
  );
  const top = Math.round(height * 0.12);
  const tspans = lines.map((l, i) => `<tspan x="${width / 2}" y="${top + size * (i + 1) * 1.1}">${escapeXml(l)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="${colour}">${tspans}</text></svg>`;
}

function wrap(text: string, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > max && line) {
      out.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) out.push(line);
  return out;
}

/**
 * Composes a studio scene: backdrop, then (if given) a cut-out placed on the floor line with a
 * soft shadow, then (if given) a text layer. Returns a PNG.
 */
export async function composeScene(opts: {
  prompt: string;
  width: number;
  height: number;
  seed?: number;
  cutout?: { png: Buffer; width: number; height: number };
  scale?: number;
  text?: string;
}): Promise<Buffer> {
  const { width, height } = opts;
  const layers: OverlayOptions[] = [];
  if (opts.cutout) {
    const p = placement(opts.cutout, width, height, opts.scale ?? 0.55);
    const obj = await sharp(opts.cutout.png).resize(p.width, p.height, { fit: 'fill' }).png().toBuffer();
    layers.push({
      input: Buffer.from(shadowSvg(width, height, p.left + p.width / 2, p.top + p.height, p.width * 0.45, Math.max(4, p.height * 0.05))),
    });
    layers.push({ input: obj, left: p.left, top: p.top });
  }
  if (opts.text)
    layers.push({ input: Buffer.from(textSvg(opts.text, width, height, readPrompt(opts.prompt).dark ? '#f4f4f4' : '#1b1b1f')) });
  return sharp(Buffer.from(backdropSvg(opts.prompt, width, height, opts.seed ?? 1)))
    .resize(width, height)
    .composite(layers)
    .png()
    .toBuffer();
}

/** Where a cut-out goes: centred, its height `scale` of the canvas (bounded by width), standing at 85 %. */
export function placement(obj: { width: number; height: number }, width: number, height: number, scale: number) {
  const k = Math.min((height * scale) / obj.height, (width * 0.8) / obj.width);
  const w = Math.max(1, Math.round(obj.width * k)),
    h = Math.max(1, Math.round(obj.height * k));
  const left = Math.round((width - w) / 2);
  const top = Math.max(0, Math.min(height - h, Math.round(height * 0.85 - h)));
  return { left, top, width: w, height: h };
}
