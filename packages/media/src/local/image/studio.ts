import { availableParallelism } from 'node:os';
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import sharp, { type OverlayOptions } from 'sharp';
import { labToRgb } from './colour.ts';
import type { ColourGrade } from './colour.ts';
import { WorkerPool } from '../model-worker.ts';
import { escapeXml, readPrompt, type RGB } from './lexicon.ts';
import { renderScene, softly, type Scene, type Stage } from './scenes.ts';

const css = ([r, g, b]: RGB, a: number) => `rgba(${Math.round(r)},${Math.round(g)},${Math.round(b)},${a})`;

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

export interface SceneOptions {
  prompt: string;
  width: number;
  height: number;
  seed?: number;
  cutout?: { png: Buffer; width: number; height: number };
  /** A product stands on the set; a person (cut at the waist) is in front of it, cut by the frame's bottom edge. */
  subject?: 'product' | 'person';
  /**
   * A person (a character's cut-out) with the product: they stand behind the surface on one side,
   * the surface hiding where their photo ends, and the product stands on it on the other side.
   */
  person?: { png: Buffer; width: number; height: number };
  scale?: number;
  text?: string;
  /**
   * A learned colour grade for the set (Ad Clone: the reference ad's). The set takes it; the
   * cut-out keeps its own colours but for the scene's light on it (a product recoloured by a
   * reference's palette is another product).
   */
  grade?: { grade: ColourGrade; strength: number };
}

/** Painting threads: one core is left to the API, at most four. */
const SCENE_WORKERS = Math.min(4, availableParallelism() - 1);
let scenes: WorkerPool<{ opts: SceneOptions }, { png: Uint8Array }> | null = null;

/**
 * Composes a studio scene (`composeSceneHere`) in a worker thread of a small pool: painting takes
 * a few hundred milliseconds of synchronous canvas calls, which on the request thread would hold
 * every API request behind it.
 */
export async function composeScene(opts: SceneOptions): Promise<Buffer> {
  scenes ??= new WorkerPool(new URL('./scene-worker.mjs', import.meta.url), 'The studio scene', SCENE_WORKERS, 120_000);
  const { png } = await scenes.call({ opts });
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}

/** Stops the scene workers (the next scene starts them again). */
export async function closeSceneWorkers(): Promise<void> {
  const pool = scenes;
  scenes = null;
  await pool?.close();
}

/**
 * Composes a studio scene on this thread: the set the prompt describes, then (if given) the cut-out
 * standing on the set's stage, whole, with its shadows and reflection (a person: in front of the
 * set, cut by the bottom edge), then (if given) a text layer. A PNG.
 */
export async function composeSceneHere(opts: SceneOptions): Promise<Buffer> {
  const { width, height } = opts;
  const scene = renderScene(opts.prompt, width, height, opts.seed ?? 1);
  if (opts.grade) await gradeSet(scene, opts.grade.grade, opts.grade.strength);
  if (opts.cutout && opts.subject === 'person') {
    // Head and shoulders fill most of the height, as in a portrait; the bottom edge cuts the body.
    const k = Math.min((height * 0.78) / opts.cutout.height, (width * 0.8) / opts.cutout.width);
    const w = Math.max(1, Math.round(opts.cutout.width * k)),
      h = Math.max(1, Math.round(opts.cutout.height * k));
    const left = Math.round(width / 2 - w / 2 + width * 0.12 * scene.lightFrom);
    await inFront(scene.canvas, opts.cutout.png, { left, top: height - h, width: w, height: h }, scene);
  } else if (opts.cutout && opts.person) {
    await withPerson(scene, opts.person, opts.cutout, opts.scale);
  } else if (opts.cutout) {
    await standOn(scene.canvas, opts.cutout.png, stageBox(scene.stage, opts.cutout, height, opts.scale), scene);
  }
  const colour = readPrompt(opts.prompt).dark ? '#f4f4f4' : '#1b1b1f';
  return canvasToPng(scene.canvas, opts.text ? [{ input: Buffer.from(textSvg(opts.text, width, height, colour)) }] : []);
}

/** Where a cut-out stands on a set's stage: `scale` of the frame's height at most, within the stage, centred on it. */
export function stageBox(stage: Stage, cutout: { width: number; height: number }, height: number, scale = 0.55) {
  const k = Math.min((height * scale) / cutout.height, stage.maxHeight / cutout.height, stage.maxWidth / cutout.width);
  const w = Math.max(1, Math.round(cutout.width * k)),
    h = Math.max(1, Math.round(cutout.height * k));
  return { left: Math.round(stage.cx - w / 2), top: Math.round(stage.baseY - h), width: w, height: h };
}

type CutOut = { png: Buffer; width: number; height: number };

/**
 * A person and a product in one scene. The person stands on the side the light falls toward (lit
 * from the front), behind the surface: the set below its back edge is painted again over them, so a
 * photo cut at the waist ends where a counter would hide it. The product stands on the surface on
 * the other side, in front, with its shadows thrown by the same light. On a podium, which stands
 * free, the product stands on it and the person is nearer the camera at the side, cut by the
 * frame's bottom edge.
 */
async function withPerson(scene: Scene, person: CutOut, product: CutOut, scale = 0.4) {
  const { width, height } = scene.canvas;
  const side = scene.lightFrom < 0 ? 1 : -1;
  const box = stageBox(scene.stage, product, height, scale);
  if (scene.horizon >= height) {
    // A podium: the product on it, the person nearer the camera at the side, drawn over the set.
    await standOn(scene.canvas, product.png, box, scene);
    const k = Math.min((height * 0.8) / person.height, (width * 0.55) / person.width);
    const w = Math.max(1, Math.round(person.width * k)),
      h = Math.max(1, Math.round(person.height * k));
    await inFront(scene.canvas, person.png, { left: side > 0 ? width - w : 0, top: height - h, width: w, height: h }, scene);
    return;
  }
  const bottom = Math.round(scene.horizon + (height - scene.horizon) * 0.15);
  const k = Math.min((bottom - height * 0.1) / person.height, (width * 0.6) / person.width);
  const w = Math.max(1, Math.round(person.width * k)),
    h = Math.max(1, Math.round(person.height * k));
  const left = Math.max(0, Math.min(width - w, Math.round(width * (0.5 + side * 0.2) - w / 2)));
  const set = createCanvas(width, height);
  set.getContext('2d').drawImage(scene.canvas, 0, 0);
  await inFront(scene.canvas, person.png, { left, top: bottom - h, width: w, height: h }, scene);
  const front = height - scene.horizon;
  scene.canvas.getContext('2d').drawImage(set, 0, scene.horizon, width, front, 0, scene.horizon, width, front);
  box.left = Math.max(0, Math.min(width - box.width, Math.round(width * (0.5 - side * 0.22) - box.width / 2)));
  await standOn(scene.canvas, product.png, box, scene);
}

/** Largest chroma (CIELAB a, b) of the scene’s light on a cut-out: a white balance, never a recolouring. */
const LIGHT_CHROMA = 24;

/**
 * Gives the painted set a colour grade, and makes the scene's light (what `lightUp` lays on a
 * cut-out) the grade's own hue, at a bounded chroma: the cut-out sits in the set's light without
 * taking on its palette.
 */
async function gradeSet(scene: Scene, grade: ColourGrade, strength: number) {
  const { width, height } = scene.canvas;
  const { applyGrade } = await import('./grade.ts');
  const painted = await canvasToPng(scene.canvas);
  const graded = await applyGrade({ data: painted, mime: 'image/png', width, height }, grade, strength);
  scene.canvas.getContext('2d').drawImage(await loadImage(graded.data), 0, 0);
  const [, a, b] = grade.mean;
  const k = Math.min(1, LIGHT_CHROMA / Math.max(1e-6, Math.hypot(a, b)));
  scene.ambient = labToRgb(85, a * k, b * k);
}

/** A canvas as a PNG, with sharp layers on top (sharp encodes several times faster than the canvas). */
export function canvasToPng(canvas: Canvas, layers: OverlayOptions[] = []): Promise<Buffer> {
  const { width, height } = canvas;
  const pixels = canvas.getContext('2d').getImageData(0, 0, width, height);
  return sharp(Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength), { raw: { width, height, channels: 4 } })
    .composite(layers)
    .removeAlpha()
    .png()
    .toBuffer();
}

/** The scene's light, as `renderScene` describes it. */
type Light = { gloss: number; ambient: RGB; lightFrom: number; shadowLength: number };

/** A cut-out's shape in black, for its shadows. */
function silhouetteOf(object: Canvas): Canvas {
  const silhouette = createCanvas(object.width, object.height);
  const s = silhouette.getContext('2d');
  s.drawImage(object, 0, 0);
  s.globalCompositeOperation = 'source-in';
  s.fillStyle = '#000';
  s.fillRect(0, 0, object.width, object.height);
  return silhouette;
}

/**
 * Stands a cut-out on a surface at `box`: a contact shadow where it touches, a cast shadow thrown
 * away from the light, a fading reflection on a glossy surface, and a little of the scene's light.
 */
export async function standOn(
  canvas: Canvas,
  cutout: Buffer,
  box: { left: number; top: number; width: number; height: number },
  light: Light,
) {
  const ctx = canvas.getContext('2d');
  const { left, top, width: w, height: h } = box;
  const product = createCanvas(w, h);
  const p = product.getContext('2d');
  p.drawImage(await loadImage(cutout), 0, 0, w, h);
  const silhouette = silhouetteOf(product);
  const base = top + h;
  // Cast shadow: the silhouette laid back on the surface, away from the light, softened:
  // x' = x + shear·(base − y)·L, y' = base − (base − y)·L (the top of the object falls behind it).
  const shear = -light.lightFrom * 2;
  const L = light.shadowLength;
  const { width: W, height: H } = canvas;
  softly(
    ctx,
    W,
    H,
    Math.max(2, h * 0.025),
    (s) => {
      s.transform(1, 0, -shear * L, L, shear * L * base, base * (1 - L));
      s.drawImage(silhouette, left, top);
    },
    0.3,
  );
  // Reflection: the object upside down below its base, fading out.
  if (light.gloss > 0) {
    const mirror = createCanvas(w, h);
    const m = mirror.getContext('2d');
    m.setTransform(1, 0, 0, -1, 0, h);
    m.drawImage(product, 0, 0);
    m.setTransform(1, 0, 0, 1, 0, 0);
    m.globalCompositeOperation = 'destination-in';
    const fade = m.createLinearGradient(0, 0, 0, h * 0.45);
    fade.addColorStop(0, `rgba(0,0,0,${light.gloss})`);
    fade.addColorStop(1, 'rgba(0,0,0,0)');
    m.fillStyle = fade;
    m.fillRect(0, 0, w, h);
    ctx.drawImage(mirror, left, base);
  }
  // Contact shadow where it touches the surface.
  softly(ctx, W, H, Math.max(1.5, h * 0.012), (s) => {
    s.fillStyle = 'rgba(0,0,0,0.5)';
    s.beginPath();
    s.ellipse(left + w / 2, base, w * 0.46, Math.max(2, h * 0.018), 0, 0, Math.PI * 2);
    s.fill();
  });
  lightUp(product, light);
  ctx.drawImage(product, left, top);
}

/**
 * A person in front of the set, nearer the camera than the stage: no shadow on the set (it falls
 * out of the frame), the scene's light on them, and a soft shade behind that separates them from it.
 */
async function inFront(canvas: Canvas, cutout: Buffer, box: { left: number; top: number; width: number; height: number }, light: Light) {
  const ctx = canvas.getContext('2d');
  const { left, top, width: w, height: h } = box;
  const person = createCanvas(w, h);
  person.getContext('2d').drawImage(await loadImage(cutout), 0, 0, w, h);
  const shade = silhouetteOf(person);
  // The shade falls away from the light, as the product's shadows do.
  const away = -Math.sign(light.lightFrom) * w * 0.02;
  softly(ctx, canvas.width, canvas.height, Math.max(4, w * 0.04), (s) => s.drawImage(shade, left + away, top + h * 0.01), 0.22);
  lightUp(person, light);
  ctx.drawImage(person, left, top);
}

/** The scene's light on a cut-out: its colour, brighter on the lit side. */
function lightUp(object: Canvas, light: Light) {
  const p = object.getContext('2d');
  const { width: w, height: h } = object;
  p.globalCompositeOperation = 'source-atop';
  p.fillStyle = css(light.ambient, 0.08);
  p.fillRect(0, 0, w, h);
  const side = p.createLinearGradient(0, 0, w, 0);
  const lit = 'rgba(255,255,255,0.10)',
    dark = 'rgba(0,0,0,0.14)';
  side.addColorStop(0, light.lightFrom < 0 ? lit : dark);
  side.addColorStop(0.5, 'rgba(0,0,0,0)');
  side.addColorStop(1, light.lightFrom < 0 ? dark : lit);
  p.fillStyle = side;
  p.fillRect(0, 0, w, h);
  p.globalCompositeOperation = 'source-over';
}

/** Where a cut-out goes in a scene photo: centred, its height `scale` of the canvas (bounded by width), standing at 85 %. */
export function placement(obj: { width: number; height: number }, width: number, height: number, scale: number) {
  const k = Math.min((height * scale) / obj.height, (width * 0.8) / obj.width);
  const w = Math.max(1, Math.round(obj.width * k)),
    h = Math.max(1, Math.round(obj.height * k));
  const left = Math.round((width - w) / 2);
  const top = Math.max(0, Math.min(height - h, Math.round(height * 0.85 - h)));
  return { left, top, width: w, height: h };
}
