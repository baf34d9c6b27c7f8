/**
 * Procedural studio sets drawn with a 2D canvas (@napi-rs/canvas): a background (plaster wall
 * with window light, a cosy interior, greenery with bokeh, a seamless pastel sweep with an arch)
 * and a surface in perspective (marble with veins, oak planks with grain, mossy stone, a podium,
 * a plain sweep). The words of a prompt choose them and tint them; each scene says where a product
 * stands in it and how its surface reflects.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { readPrompt, type LightWord, type RGB, type Texture } from './lexicon.ts';

export type Background = 'plaster' | 'interior' | 'greenery' | 'seamless';
export type Surface = 'marble' | 'wood' | 'stone' | 'podium' | 'plain';

/** Where the product stands: its base centre, and the largest box it may fill. */
export interface Stage {
  cx: number;
  baseY: number;
  maxWidth: number;
  maxHeight: number;
}

export interface Scene {
  canvas: Canvas;
  stage: Stage;
  /** How strongly the surface mirrors what stands on it (0: not at all). */
  gloss: number;
  /** The colour of the scene's light, which the product takes a little of. */
  ambient: RGB;
  /** Where the key light comes from, across the frame: -1 left … 1 right. */
  lightFrom: number;
  /** How far a cast shadow reaches back, as a share of the object's height. */
  shadowLength: number;
  /** Where the surface meets the wall (its back edge), from the top; the frame's height for a podium, which stands free. */
  horizon: number;
  background: Background;
  surface: Surface;
}

const has = (words: string[], ...xs: string[]) => xs.some((x) => words.includes(x));

/** Which set a prompt describes. */
export function sceneKinds(prompt: string): { background: Background; surface: Surface } {
  const words = prompt.toLowerCase().match(/[a-z]+/g) ?? [];
  // "Palm leaf shadows" are a pattern of light on the set, not a garden behind it.
  const leafShadows = readPrompt(prompt).gobo === 'leaves';
  const surface: Surface = has(words, 'podium', 'pedestal', 'plinth', 'cylinder')
    ? 'podium'
    : has(words, 'marble', 'countertop', 'counter')
      ? 'marble'
      : has(words, 'wood', 'wooden', 'oak', 'walnut', 'table', 'shelf', 'desk', 'bench')
        ? 'wood'
        : has(words, 'stone', 'moss', 'mossy', 'rock', 'pebble', 'outdoors', 'outdoor', 'forest', 'garden', 'nature', 'grass')
          ? 'stone'
          : 'plain';
  const background: Background =
    !leafShadows &&
    has(words, 'forest', 'garden', 'outdoors', 'outdoor', 'plants', 'plant', 'greenery', 'leaves', 'jungle', 'park', 'nature')
      ? 'greenery'
      : has(words, 'cosy', 'cozy', 'interior', 'room', 'kitchen', 'bathroom', 'cafe', 'living', 'home')
        ? 'interior'
        : surface === 'podium' || has(words, 'seamless', 'pastel', 'sweep')
          ? 'seamless'
          : 'plaster';
  return { background, surface };
}

// ——— Noise ———

/** A small deterministic PRNG, so a seed gives the same scene every time. */
export function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** 2D value noise with smooth interpolation, and its fractal sum. */
function noise2(seed: number) {
  const r = rng(seed);
  const perm = new Uint8Array(512);
  const vals = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    perm[i] = i;
    vals[i] = r();
  }
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [perm[i], perm[j]] = [perm[j]!, perm[i]!];
  }
  for (let i = 0; i < 256; i++) perm[i + 256] = perm[i]!;
  const at = (x: number, y: number) => vals[perm[(perm[x & 255]! + y) & 511]!]!;
  const noise = (x: number, y: number) => {
    const xi = Math.floor(x),
      yi = Math.floor(y);
    const xf = x - xi,
      yf = y - yi;
    const u = xf * xf * (3 - 2 * xf),
      v = yf * yf * (3 - 2 * yf);
    const a = at(xi, yi),
      b = at(xi + 1, yi),
      c = at(xi, yi + 1),
      d = at(xi + 1, yi + 1);
    return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
  };
  return (x: number, y: number, octaves = 4) => {
    let sum = 0,
      amp = 0.5,
      f = 1,
      norm = 0;
    for (let o = 0; o < octaves; o++) {
      sum += noise(x * f, y * f) * amp;
      norm += amp;
      amp *= 0.5;
      f *= 2.03;
    }
    return sum / norm;
  };
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
const mix = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const css = ([r, g, b]: RGB, a = 1) => `rgba(${Math.round(clamp(r))},${Math.round(clamp(g))},${Math.round(clamp(b))},${a})`;

// ——— Surfaces in perspective ———

/**
 * Paints the floor below `edge` pixel by pixel: each row is a depth on a plane seen from above the
 * horizon, each pixel a point (u across, v into the scene) whose colour `material` gives.
 */
function paintPlane(
  ctx: SKRSContext2D,
  width: number,
  height: number,
  edge: number,
  material: (u: number, v: number, pixel: number) => RGB,
  light: (x: number, y: number) => number,
) {
  const horizon = edge - height * 0.22;
  const focal = height * 0.9;
  const rows = height - edge;
  const img = ctx.createImageData(width, rows);
  for (let row = 0; row < rows; row++) {
    const y = edge + row;
    const depth = focal / (y - horizon);
    for (let x = 0; x < width; x++) {
      const u = ((x - width / 2) * depth) / focal;
      const c = material(u, depth, depth / focal);
      const k = light(x, y);
      const i = (row * width + x) * 4;
      img.data[i] = clamp(c[0] * k);
      img.data[i + 1] = clamp(c[1] * k);
      img.data[i + 2] = clamp(c[2] * k);
      img.data[i + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, edge);
}

function marble(seed: number, base: RGB): (u: number, v: number) => RGB {
  const n = noise2(seed);
  const vein: RGB = [128, 126, 132];
  return (u, v) => {
    // Veins follow a diagonal, bent by low-frequency noise: soft wide clouds and a few sharp lines.
    const t = u * 0.8 + v * 0.45 + n(u * 0.9 + 7, v * 0.9, 3) * 3.2;
    const s = Math.abs(Math.sin(t * 2.4));
    const soft = Math.pow(1 - s, 5) * 0.28;
    const sharp = Math.pow(1 - s, 60) * 0.55;
    const fine = Math.pow(1 - Math.abs(Math.sin((u * 1.9 - v * 0.7 + n(u * 1.6, v * 1.6 + 11, 3) * 2.5) * 3.3)), 80) * 0.3;
    const cloud = (n(u * 0.6 + 3, v * 0.6 + 5, 3) - 0.5) * 12;
    const b: RGB = [base[0] + cloud, base[1] + cloud, base[2] + cloud];
    return mix(b, vein, Math.min(0.7, soft + sharp + fine));
  };
}

function oak(seed: number, base: RGB): (u: number, v: number) => RGB {
  const n = noise2(seed);
  const r = rng(seed * 31 + 7);
  const tones = Array.from({ length: 64 }, () => 0.84 + r() * 0.3);
  const joints = Array.from({ length: 64 }, () => r() * 6);
  const plank = 0.34;
  return (u, v) => {
    const p = u / plank + 500;
    const index = Math.floor(p);
    const across = p - index;
    const tone = tones[index & 63]!;
    // Grain runs along the plank: noise stretched along v, rings from a warped sine across.
    const streak = n(u * 38 + index * 13, v * 1.6, 3);
    const ring = Math.sin((across * 7 + n(u * 2 + index, v * 0.45, 3) * 6 + index) * Math.PI);
    let k = tone * (0.8 + streak * 0.34) * (0.93 + ring * 0.07);
    // A dark gap between planks and a butt joint along each plank.
    if (across < 0.008 || across > 0.992) k *= 0.62;
    const joint = (v + joints[index & 63]!) % 6;
    if (joint < 0.008) k *= 0.7;
    return [base[0] * k, base[1] * k, base[2] * k];
  };
}

function mossyStone(seed: number): (u: number, v: number) => RGB {
  const n = noise2(seed);
  const stone: RGB = [128, 126, 118];
  const moss: RGB = [78, 112, 48];
  return (u, v) => {
    const s = n(u * 2.2, v * 2.2, 5);
    const grit = n(u * 40, v * 40, 2);
    const m = Math.max(0, Math.min(1, (n(u * 1.1 + 40, v * 1.1, 4) - 0.48) * 5));
    const c = mix(stone, moss, m * 0.85);
    const k = 0.78 + s * 0.35 + (grit - 0.5) * 0.16;
    return [c[0] * k, c[1] * k, c[2] * k];
  };
}

/**
 * A floor of a named material: its texture (sand ripples, a linen weave, terrazzo chips, a sheen
 * across velvet or metal, or plain grit), optionally laid as square tiles with grout between them.
 * `pixel` is how much of the plane one pixel covers, so fine patterns fade out with distance
 * instead of breaking into moiré.
 */
function materialFloor(seed: number, base: RGB, texture: Texture, tiled: boolean): (u: number, v: number, pixel: number) => RGB {
  const n = noise2(seed);
  const r = rng(seed * 13 + 5);
  const tones = Array.from({ length: 256 }, () => 0.9 + r() * 0.16);
  const tile = 0.42;
  const grout: RGB = Math.max(...base) > 200 ? mix(base, [120, 118, 112], 0.45) : mix(base, [235, 228, 214], 0.55);
  /** How much of a line `width` wide, `d` away, one pixel sees (antialiased, fading with distance). */
  const cover = (d: number, width: number, pixel: number) =>
    Math.max(0, Math.min(1, (width - d) / pixel + 0.5)) * Math.min(1, width / pixel);
  return (u, v, pixel) => {
    let k = 1 + (n(u * 6, v * 6, 3) - 0.5) * (texture === 'smooth' || texture === 'sheen' ? 0.03 : 0.14);
    const fine = Math.max(0, 1 - pixel * 40);
    if (texture === 'ripples') k *= 1 + Math.sin((v * 5 + u * 0.8 + n(u * 1.2, v * 1.2, 3) * 2.5) * Math.PI * 2) * 0.07;
    if (texture === 'weave') {
      // Slubbed threads both ways, faded out before they are finer than a few pixels (no moiré).
      const threads = Math.max(0, 1 - pixel * 110);
      k *= 1 + ((n(u * 160 + 3, v * 10, 2) - 0.5) * 0.16 + (n(u * 10, v * 160 + 7, 2) - 0.5) * 0.16) * threads;
    }
    if (texture === 'speckle') {
      // Chips of darker and lighter stone set in the binder, their edges soft at any distance.
      const chip = n(u * 16 + 9, v * 16, 2);
      const edge = Math.min(0.5, pixel * 3);
      const dark = Math.max(0, Math.min(1, (chip - 0.7) / 0.04 / Math.max(1, edge * 20))) * fine;
      const light = Math.max(0, Math.min(1, (0.3 - chip) / 0.04 / Math.max(1, edge * 20))) * fine;
      k *= 1 - dark * 0.32 + light * 0.1;
    }
    if (texture === 'sheen') k *= 1 + 0.22 * Math.exp(-(((u * 0.9 - v * 0.35 + 0.2) * 2.2) ** 2)) - 0.08;
    let c: RGB = [base[0] * k, base[1] * k, base[2] * k];
    if (tiled) {
      const tu = u / tile + 400,
        tv = v / tile;
      const index = (Math.floor(tu) * 31 + Math.floor(tv) * 17) & 255;
      const t = tones[index]!;
      c = [c[0] * t, c[1] * t, c[2] * t];
      // Grout: the distance to the nearest joint, in plane units, against the joint's width.
      const du = Math.min(tu - Math.floor(tu), Math.ceil(tu) - tu) * tile,
        dv = Math.min(tv - Math.floor(tv), Math.ceil(tv) - tv) * tile;
      c = mix(c, grout, Math.max(cover(du, 0.012, pixel), cover(dv, 0.012, pixel)));
    }
    return c;
  };
}

// ——— Light and cast shadows ———

/**
 * Shadows cast on the set by something out of the frame, on the side the light comes from: palm
 * fronds (a stem with leaflets either side) or the slats of a blind, softened as a shadow a
 * little way off the wall would be.
 */
function paintGobo(
  ctx: SKRSContext2D,
  width: number,
  height: number,
  kind: 'leaves' | 'blinds',
  seed: number,
  lightFrom: number,
  strength: number,
) {
  const r = rng(seed * 101 + 3);
  const span = Math.max(width, height);
  softly(
    ctx,
    width,
    height,
    span * 0.008,
    (s) => {
      s.fillStyle = '#000';
      s.strokeStyle = '#000';
      if (kind === 'blinds') {
        const slat = span * 0.07;
        s.translate(width / 2, height / 2);
        s.rotate(-0.45 * Math.sign(lightFrom || 1));
        for (let y = -span; y < span; y += slat) s.fillRect(-span, y, span * 2, slat * 0.42);
        return;
      }
      // Fronds reach in from the top corner on the light's side.
      const ox = lightFrom < 0 ? -width * 0.05 : width * 1.05;
      for (let f = 0; f < 6; f++) {
        const x0 = ox + (r() - 0.5) * width * 0.3,
          y0 = -height * 0.05 + r() * height * 0.35;
        const angle = (lightFrom < 0 ? 0 : Math.PI) + (r() - 0.3) * 1.2 * (lightFrom < 0 ? 1 : -1);
        const length = span * (0.45 + r() * 0.35);
        const bend = (r() - 0.5) * 0.8;
        s.lineWidth = span * 0.006;
        s.beginPath();
        s.moveTo(x0, y0);
        for (let t = 0; t <= 1.001; t += 0.05) {
          const a = angle + bend * t;
          s.lineTo(x0 + Math.cos(a) * length * t, y0 + Math.sin(a) * length * t + length * 0.25 * t * t);
        }
        s.stroke();
        // Leaflets along the stem, longest in its middle, pointing forward on both sides.
        for (let t = 0.08; t < 1; t += 0.045) {
          const a = angle + bend * t;
          const x = x0 + Math.cos(a) * length * t,
            y = y0 + Math.sin(a) * length * t + length * 0.25 * t * t;
          const leaf = length * 0.3 * Math.sin(Math.PI * Math.min(1, t * 1.1)) + length * 0.04;
          for (const side of [-1, 1]) {
            const la = a + side * (0.9 + r() * 0.25);
            s.save();
            s.translate(x, y);
            s.rotate(la);
            s.beginPath();
            s.ellipse(leaf / 2, 0, leaf / 2, Math.max(1, length * 0.012), 0, 0, Math.PI * 2);
            s.fill();
            s.restore();
          }
        }
      }
    },
    strength,
  );
}

/** Colours of light laid over the set: sunlight, a golden-hour rake, neon glows, a studio softbox. */
function paintLight(
  ctx: SKRSContext2D,
  width: number,
  height: number,
  edge: number,
  lights: LightWord[],
  lightFrom: number,
  neon: [RGB, RGB],
) {
  const side = lightFrom < 0 ? 0 : width;
  ctx.save();
  ctx.globalCompositeOperation = 'screen';
  if (lights.includes('sunlit')) {
    const g = ctx.createLinearGradient(side, 0, width - side, height);
    g.addColorStop(0, 'rgba(255,238,200,0.45)');
    g.addColorStop(1, 'rgba(255,238,200,0.05)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, width, height);
  }
  if (lights.includes('golden')) {
    const g = ctx.createLinearGradient(side, 0, width - side, 0);
    g.addColorStop(0, 'rgba(255,150,60,0.55)');
    g.addColorStop(0.7, 'rgba(255,150,60,0.08)');
    g.addColorStop(1, 'rgba(255,150,60,0)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, width, height);
  }
  if (lights.includes('studio')) {
    const g = ctx.createRadialGradient(width / 2, edge * 0.35, 0, width / 2, edge * 0.35, Math.max(width, edge) * 0.45);
    g.addColorStop(0, 'rgba(255,255,255,0.35)');
    g.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, width, edge);
  }
  if (lights.includes('neon')) {
    // Two coloured glows from either side, and a lit tube on the wall.
    for (const [i, colour] of neon.entries()) {
      const x = i === 0 ? width * 0.1 : width * 0.9;
      const g = ctx.createRadialGradient(x, height * 0.35, 0, x, height * 0.35, Math.max(width, height) * 0.7);
      g.addColorStop(0, css(colour, 0.7));
      g.addColorStop(1, css(colour, 0));
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, width, height);
    }
    const tube = (s: SKRSContext2D, w: number) => {
      s.lineWidth = w;
      s.beginPath();
      s.arc(width / 2, edge * 0.5, Math.min(width, edge) * 0.28, Math.PI * 0.1, Math.PI * 1.9);
      s.stroke();
    };
    softly(ctx, width, height, width * 0.04, (s) => {
      s.strokeStyle = css(neon[0]);
      tube(s, width * 0.03);
    });
    ctx.strokeStyle = css(mix(neon[0], [255, 255, 255], 0.6));
    tube(ctx, Math.max(1.5, width * 0.008));
  }
  ctx.restore();
}

// ——— Backgrounds ———

function paintPlaster(ctx: SKRSContext2D, width: number, height: number, wall: RGB, seed: number, sun = 0.32) {
  const g = ctx.createLinearGradient(0, 0, 0, height);
  g.addColorStop(0, css(mix(wall, [0, 0, 0], 0.12)));
  g.addColorStop(1, css(wall));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
  // Window light: soft slanted panes falling across the wall.
  const r = rng(seed);
  const x0 = width * (0.05 + r() * 0.2);
  softly(ctx, width, height, width * 0.02, (ctx) => {
    for (let i = 0; i < 2; i++) {
      for (let j = 0; j < 2; j++) {
        const px = x0 + i * width * 0.26,
          py = height * (0.04 + j * 0.22);
        ctx.fillStyle = `rgba(255,250,235,${sun})`;
        ctx.beginPath();
        ctx.moveTo(px, py);
        ctx.lineTo(px + width * 0.22, py + height * 0.03);
        ctx.lineTo(px + width * 0.28, py + height * 0.22);
        ctx.lineTo(px + width * 0.06, py + height * 0.19);
        ctx.closePath();
        ctx.fill();
      }
    }
  });
}

function paintInterior(ctx: SKRSContext2D, width: number, height: number, wall: RGB, seed: number) {
  const r = rng(seed);
  const small = createCanvas(Math.max(8, Math.round(width / 30)), Math.max(8, Math.round(height / 30)));
  const s = small.getContext('2d');
  const g = s.createLinearGradient(0, 0, small.width, small.height);
  g.addColorStop(0, css(mix(wall, [70, 50, 35], 0.45)));
  g.addColorStop(1, css(mix(wall, [40, 30, 22], 0.3)));
  s.fillStyle = g;
  s.fillRect(0, 0, small.width, small.height);
  // Out-of-focus furniture and plants: soft blocks of warm and green tones.
  const tones: RGB[] = [
    [150, 110, 75],
    [90, 70, 55],
    [70, 95, 60],
    [200, 180, 150],
  ];
  for (let i = 0; i < 14; i++) {
    s.fillStyle = css(tones[Math.floor(r() * tones.length)]!, 0.55);
    s.fillRect(r() * small.width, r() * small.height, small.width * (0.08 + r() * 0.25), small.height * (0.1 + r() * 0.35));
  }
  ctx.drawImage(small, 0, 0, width, height);
  bokeh(ctx, width, height, seed + 1, [255, 200, 130], 10);
}

function paintGreenery(ctx: SKRSContext2D, width: number, height: number, seed: number) {
  const r = rng(seed);
  const small = createCanvas(Math.max(8, Math.round(width / 16)), Math.max(8, Math.round(height / 16)));
  const s = small.getContext('2d');
  const sky = s.createLinearGradient(0, 0, 0, small.height);
  sky.addColorStop(0, 'rgb(200,222,190)');
  sky.addColorStop(1, 'rgb(60,92,48)');
  s.fillStyle = sky;
  s.fillRect(0, 0, small.width, small.height);
  const greens: RGB[] = [
    [46, 92, 40],
    [84, 132, 58],
    [120, 160, 72],
    [30, 64, 34],
    [150, 178, 90],
  ];
  // Layers of leaves: many overlapping ellipses, darker and larger at the back.
  for (let i = 0; i < 260; i++) {
    const c = greens[Math.floor(r() * greens.length)]!;
    s.fillStyle = css(c, 0.5 + r() * 0.4);
    s.beginPath();
    s.ellipse(
      r() * small.width,
      r() * small.height * 0.95,
      2 + r() * small.width * 0.07,
      2 + r() * small.width * 0.04,
      r() * Math.PI,
      0,
      Math.PI * 2,
    );
    s.fill();
  }
  ctx.drawImage(small, 0, 0, width, height);
  bokeh(ctx, width, height, seed + 2, [255, 248, 210], 22);
}

function paintSeamless(ctx: SKRSContext2D, width: number, height: number, wall: RGB, edge: number) {
  const g = ctx.createLinearGradient(0, 0, 0, height);
  g.addColorStop(0, css(mix(wall, [255, 255, 255], 0.25)));
  g.addColorStop(edge / height, css(wall));
  g.addColorStop(1, css(mix(wall, [0, 0, 0], 0.12)));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
  // An arch behind the stage, a shade deeper than the wall.
  const aw = width * 0.5,
    ax = (width - aw) / 2,
    top = height * 0.16;
  const arch = ctx.createLinearGradient(ax, 0, ax + aw, 0);
  // A deeper, more saturated tone of the wall.
  const grey = (wall[0] + wall[1] + wall[2]) / 3;
  const deep: RGB = [wall[0] + (wall[0] - grey) * 0.45, wall[1] + (wall[1] - grey) * 0.45, wall[2] + (wall[2] - grey) * 0.45];
  arch.addColorStop(0, css(mix(deep, [0, 0, 0], 0.02)));
  arch.addColorStop(1, css(mix(deep, [0, 0, 0], 0.1)));
  ctx.fillStyle = arch;
  ctx.beginPath();
  ctx.moveTo(ax, edge);
  ctx.lineTo(ax, top + aw / 2);
  ctx.arc(ax + aw / 2, top + aw / 2, aw / 2, Math.PI, 0);
  ctx.lineTo(ax + aw, edge);
  ctx.closePath();
  ctx.fill();
}

/**
 * Draws something softened by about `blur` pixels. It is drawn on a layer at up to a quarter of the
 * size and blurred there (a Gaussian, σ = blur / 2) before it is scaled up: scaling up a small sharp
 * drawing instead shows its pixels as stair steps along every soft edge, the larger the frame the
 * coarser. The layer never shrinks so far that σ falls under two of its pixels, so the scaled-up
 * result has no steps left to show.
 */
export function softly(ctx: SKRSContext2D, width: number, height: number, blur: number, draw: (small: SKRSContext2D) => void, alpha = 1) {
  const sigma = Math.max(0.5, blur / 2);
  const f = Math.max(1, Math.min(4, sigma / 2));
  const w = Math.max(1, Math.ceil(width / f)),
    h = Math.max(1, Math.ceil(height / f));
  const sharp = createCanvas(w, h);
  const s = sharp.getContext('2d');
  s.scale(w / width, h / height);
  draw(s);
  const soft = createCanvas(w, h);
  const b = soft.getContext('2d');
  b.filter = `blur(${sigma / f}px)`;
  b.drawImage(sharp, 0, 0);
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(soft, 0, 0, width, height);
  ctx.restore();
}

/** Out-of-focus highlights: soft discs with a brighter rim. */
function bokeh(ctx: SKRSContext2D, width: number, height: number, seed: number, colour: RGB, count: number) {
  const r = rng(seed);
  ctx.save();
  ctx.globalCompositeOperation = 'screen';
  for (let i = 0; i < count; i++) {
    const x = r() * width,
      y = r() * height * 0.6,
      rad = width * (0.015 + r() * 0.04);
    const g = ctx.createRadialGradient(x, y, 0, x, y, rad);
    g.addColorStop(0, css(colour, 0.18 + r() * 0.2));
    g.addColorStop(0.85, css(colour, 0.22 + r() * 0.2));
    g.addColorStop(1, css(colour, 0));
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, rad, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

/** A cylinder podium standing on the sweep; the product stands on its top. */
function paintPodium(ctx: SKRSContext2D, width: number, height: number, colour: RGB): Stage {
  const pw = width * 0.56,
    cx = width / 2;
  const ry = pw * 0.12;
  const top = height * 0.68,
    bottom = Math.min(height - ry - 2, height * 0.9);
  const side = ctx.createLinearGradient(cx - pw / 2, 0, cx + pw / 2, 0);
  side.addColorStop(0, css(mix(colour, [255, 255, 255], 0.15)));
  side.addColorStop(0.45, css(colour));
  side.addColorStop(1, css(mix(colour, [0, 0, 0], 0.22)));
  // Its shadow on the floor, then the body, then the lit top.
  softly(ctx, width, height, width * 0.015, (ctx) => {
    ctx.fillStyle = 'rgba(0,0,0,0.22)';
    ctx.beginPath();
    ctx.ellipse(cx + pw * 0.08, bottom + ry * 0.3, pw * 0.58, ry * 1.3, 0, 0, Math.PI * 2);
    ctx.fill();
  });
  ctx.fillStyle = side;
  ctx.beginPath();
  ctx.ellipse(cx, bottom, pw / 2, ry, 0, 0, Math.PI);
  ctx.lineTo(cx - pw / 2, top);
  ctx.lineTo(cx + pw / 2, top);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = css(mix(colour, [255, 255, 255], 0.3));
  ctx.beginPath();
  ctx.ellipse(cx, top, pw / 2, ry, 0, 0, Math.PI * 2);
  ctx.fill();
  return { cx, baseY: top + ry * 0.15, maxWidth: pw * 0.8, maxHeight: top - height * 0.06 };
}

const PASTEL_PINK: RGB = [238, 196, 204];
const PLASTER: RGB = [232, 226, 216];

/** Draws the set a prompt describes at `width`×`height`. */
export function renderScene(prompt: string, width: number, height: number, seed = 1): Scene {
  const words = readPrompt(prompt);
  const { background, surface } = sceneKinds(prompt);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const r = rng(seed * 7919 + prompt.length);
  // "pastel" lightens the colour it comes with (or is a soft lilac alone).
  const pastel = words.colourNames.includes('pastel');
  const named = words.colours[words.colourNames.findIndex((c) => c !== 'pastel')] ?? words.colours[0];
  // A material the floor is made of (not a marble or wooden surface, drawn as such) colours the set
  // when no colour is named: terracotta tiles stand in a terracotta room, not a grey one.
  const material = surface === 'plain' ? words.material : undefined;
  const lights = words.lights;
  const lit = (w: LightWord) => lights.includes(w);
  let wall: RGB = named
    ? mix(named, [255, 255, 255], pastel ? 0.5 : 0.35)
    : material
      ? mix(material.base, [255, 255, 255], 0.22)
      : background === 'seamless'
        ? PASTEL_PINK
        : PLASTER;
  if (words.mood === 'warm') wall = mix(wall, [255, 196, 130], 0.2);
  if (words.mood === 'cool') wall = mix(wall, [150, 185, 230], 0.2);
  if (lit('sunlit')) wall = mix(wall, [255, 246, 226], 0.25);
  if (lit('golden')) wall = mix(wall, [255, 170, 90], 0.25);
  if (lit('bright')) wall = mix(wall, [255, 255, 255], 0.15);
  if (lit('neon')) wall = mix(wall, [18, 14, 34], 0.85);
  else if (words.dark) wall = mix(wall, [0, 0, 0], lit('moody') ? 0.66 : 0.6);
  const edge = Math.round(height * (surface === 'podium' ? 0.74 : 0.58 + r() * 0.06));

  // Sunlight through the window falls brighter; a neon-lit room has no daylight in it.
  if (background === 'plaster') paintPlaster(ctx, width, height, wall, seed, lit('neon') ? 0 : lit('sunlit') ? 0.5 : 0.32);
  else if (background === 'interior') paintInterior(ctx, width, height, wall, seed);
  else if (background === 'greenery') paintGreenery(ctx, width, height, seed);
  else paintSeamless(ctx, width, height, wall, edge);

  const lightFrom = r() < 0.5 ? -0.6 : 0.6;
  const lightX = width * (0.5 + lightFrom * 0.4);
  const pool = (x: number, y: number) => {
    const dx = (x - lightX) / width,
      dy = (y - height) / height;
    // Moody light is a narrow pool in the dark; soft light barely falls off.
    if (lit('moody')) return 0.45 + 0.4 * Math.exp(-(dx * dx + dy * dy) * 6);
    if (lit('soft')) return 0.97 + 0.06 * Math.exp(-(dx * dx + dy * dy) * 2.2);
    return (words.dark ? 0.55 : lit('sunlit') || lit('bright') ? 1 : 0.9) + 0.18 * Math.exp(-(dx * dx + dy * dy) * 2.2);
  };
  let gloss = 0;
  let stage: Stage = { cx: width / 2, baseY: Math.round(height * 0.86), maxWidth: width * 0.8, maxHeight: height * 0.78 };
  const tint = (base: RGB) => (named && surface !== 'wood' ? mix(base, named, 0.35) : base);
  if (surface === 'marble') {
    paintPlane(ctx, width, height, edge, marble(seed, tint([238, 236, 232])), pool);
    gloss = 0.3;
  } else if (surface === 'wood') {
    const base: RGB = words.dark ? [92, 60, 38] : [178, 128, 80];
    paintPlane(ctx, width, height, edge, oak(seed, base), pool);
    gloss = 0.12;
  } else if (surface === 'stone') {
    paintPlane(ctx, width, height, edge, mossyStone(seed), pool);
  } else if (surface === 'podium') {
    stage = paintPodium(ctx, width, height, mix(wall, [255, 255, 255], 0.2));
    gloss = 0.18;
  } else {
    // Glazed tiles with no material named are white; a named colour tints a material as it does marble.
    let floor: RGB = material?.base ?? (words.tiled && !named ? [236, 234, 228] : mix(wall, [0, 0, 0], 0.1));
    if (material && named) floor = mix(floor, named, 0.35);
    if (lit('neon')) floor = mix(floor, [18, 14, 34], 0.7);
    else if (words.dark) floor = mix(floor, [0, 0, 0], 0.3);
    paintPlane(ctx, width, height, edge, materialFloor(seed, floor, material?.texture ?? 'smooth', words.tiled), pool);
    gloss = material?.name === 'glass' || material?.texture === 'sheen' ? 0.3 : words.tiled ? 0.16 : 0.08;
  }
  if (surface !== 'podium') {
    // The back of the surface falls out of focus, and its edge catches a little light.
    const band = Math.round(height * 0.08);
    const f = Math.max(2, Math.round(width * 0.004));
    const soft = createCanvas(Math.ceil(width / f), Math.ceil(band / f));
    soft.getContext('2d').drawImage(canvas, 0, edge, width, band, 0, 0, soft.width, soft.height);
    ctx.drawImage(soft, 0, edge, width, band);
    ctx.fillStyle = 'rgba(255,255,255,0.12)';
    ctx.fillRect(0, edge, width, Math.max(1, Math.round(height * 0.003)));
    stage = {
      cx: width / 2,
      baseY: Math.round(edge + (height - edge) * 0.62),
      maxWidth: width * 0.8,
      maxHeight: edge + (height - edge) * 0.62 - height * 0.06,
    };
  }
  const neon: [RGB, RGB] = [words.colours[0] ?? [255, 40, 170], words.colours[1] ?? [40, 220, 255]];
  paintLight(ctx, width, height, surface === 'podium' ? height * 0.74 : edge, lights, lightFrom, neon);
  if (words.gobo) paintGobo(ctx, width, height, words.gobo, seed, lightFrom, lit('sunlit') || lit('golden') ? 0.42 : 0.3);
  // A gentle vignette, as a lens would give.
  const v = ctx.createRadialGradient(
    width / 2,
    height * 0.45,
    Math.min(width, height) * 0.35,
    width / 2,
    height / 2,
    Math.max(width, height) * 0.8,
  );
  v.addColorStop(0, 'rgba(0,0,0,0)');
  v.addColorStop(1, `rgba(0,0,0,${lit('moody') ? 0.62 : words.dark ? 0.5 : lit('soft') || lit('studio') ? 0.1 : 0.22})`);
  ctx.fillStyle = v;
  ctx.fillRect(0, 0, width, height);
  const ambient: RGB = lit('neon')
    ? mix(neon[0], neon[1], 0.5)
    : background === 'greenery'
      ? [200, 230, 170]
      : background === 'interior'
        ? [255, 214, 170]
        : wall;
  const horizon = surface === 'podium' ? height : edge;
  // A low sun throws long shadows.
  const shadowLength = surface === 'podium' ? 0.1 : lit('golden') ? 0.6 : lit('sunlit') ? 0.45 : 0.32;
  return { canvas, stage, gloss, ambient, lightFrom, shadowLength, horizon, background, surface };
}
