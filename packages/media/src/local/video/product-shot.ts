/**
 * A product shot: the user's product, cut out of its photo, standing in a Product Studio set, the
 * camera moving so that the depth reads. The set and the product are two layers drawn once (the
 * set a little larger than the frame), then each frame only places them: the set moves less than
 * the product (parallax), a push-in scales them at different rates, an orbit swings the product on
 * a slight arc while the set sweeps the other way. The product's pixels are its photo's, with only
 * the scene's light the studio lays on every cut-out (`standOn`), so its frames pass the
 * product-fidelity check (`image/fidelity.ts`).
 */
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import {
  CAPTION_SAFE_AREA,
  captionFrameOf,
  PRODUCT_SHOT_MOTIONS,
  PRODUCT_SHOT_SECONDS,
  SCENE_TEMPLATES,
  type ProductShotMotion,
} from '@studio/contracts';
import sharp from 'sharp';
import type { ImageData, ProductCutOut, ProductShot, ProductShotInput } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { renderScene } from '../image/scenes.ts';
import { cutOut, type Segmentation } from '../image/segmenter.ts';
import { stageBox, standOn } from '../image/studio.ts';
import { WorkerPool } from '../model-worker.ts';
import { encodeFedToMp4, ENCODE, meta, VIDEO_FPS } from './clips.ts';
import { captionBandTop } from './word-captions.ts';

export type { ProductCutOut, ProductShot, ProductShotInput } from '../../capabilities.ts';

export interface ProductShotTools {
  /** The engine's segmentation (the local provider's `segment`, which caches per photo). */
  segment(image: ImageData): Promise<Segmentation>;
  /** Render timings, for the bench. */
  onTimings?(t: {
    /** Segmenting the photo. */
    cutoutMs: number;
    /** Painting the set and standing the product on it, once. */
    layersMs: number;
    /** Placing the layers, all frames (in the render thread). */
    framesMs: number;
    frames: number;
    /** From the first frame to the finished MP4 (frames and ffmpeg's encode, overlapping). */
    encodeMs: number;
  }): void;
}

/** Where a layer is, relative to where it rests: its scale about the product's centre, and its shift in frame pixels. */
interface Placement {
  scale: number;
  dx: number;
  dy: number;
}

/**
 * How far each layer moves over the shot, at eased time `e` (0 → 1). The set moves less than the
 * product: it is farther from the camera. Exported so the overscan below can be checked against it.
 */
export function layerMotion(motion: ProductShotMotion, e: number, width: number, height: number): { set: Placement; product: Placement } {
  const swing = 2 * e - 1;
  if (motion === 'push-in') return { set: { scale: 1 + 0.04 * e, dx: 0, dy: 0 }, product: { scale: 1 + 0.12 * e, dx: 0, dy: 0 } };
  if (motion === 'slide')
    return { set: { scale: 1, dx: -0.03 * width * swing, dy: 0 }, product: { scale: 1, dx: -0.09 * width * swing, dy: 0 } };
  // Orbit: the product swings across on a slight arc (highest mid-way) and comes a little nearer;
  // the set sweeps the other way, as the wall behind a subject does when the camera circles it.
  const arc = Math.sin(Math.PI * e);
  return {
    set: { scale: 1.02, dx: 0.035 * width * swing, dy: 0.008 * height * arc },
    product: { scale: 1 + 0.06 * e, dx: -0.06 * width * swing, dy: -0.025 * height * arc },
  };
}

/** Sine ease in and out: the camera starts and stops gently. */
const ease = (t: number) => (1 - Math.cos(Math.PI * t)) / 2;

/** The set is painted this much larger than the frame, so its moves never show an edge. */
const OVERSCAN = 1.14;
/** The product's height in the frame at rest, as a share of the frame's height (bounded by the stage). */
const PRODUCT_SCALE = 0.5;
/** Where the product's base rests in the frame, from the top, on a surface (not a podium). */
const BASE_LINE = 0.8;
/** The product never comes closer than this share of the frame's shorter side to an edge. */
const EDGE_MARGIN = 0.04;

/** The prompt a scene names: a template's own, or the words themselves. */
export function scenePrompt(scene: string): string {
  const template = SCENE_TEMPLATES.find((t) => t.id === scene.trim());
  return template?.prompt ?? scene;
}

/** Refuses a shot the engine cannot make (its size, length, motion or scene). */
export function checkProductShot(input: ProductShotInput) {
  const { width, height, durationS, motion } = input;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 64 || height < 64 || width > 3840 || height > 3840)
    throw new MediaError('bad_input', 'The video size is not supported.');
  // H.264 in 4:2:0 needs even sides.
  if (width % 2 || height % 2) throw new MediaError('bad_input', 'The video size is not supported.');
  if (!(durationS >= PRODUCT_SHOT_SECONDS.min && durationS <= PRODUCT_SHOT_SECONDS.max))
    throw new MediaError('bad_input', `A product shot lasts ${PRODUCT_SHOT_SECONDS.min} to ${PRODUCT_SHOT_SECONDS.max} seconds.`);
  if (!PRODUCT_SHOT_MOTIONS.includes(motion)) throw new MediaError('bad_input', 'This camera motion is not supported.');
  if (!input.scene.trim()) throw new MediaError('bad_input', 'Describe the scene, or choose a scene template.');
}

/** The product's photo as an image the engine reads (oriented size), or a clear refusal. */
export async function readPhoto(data: Buffer): Promise<ImageData> {
  const m = await sharp(data)
    .metadata()
    .catch((e: unknown) => {
      throw new MediaError('bad_input', 'The image could not be read.', { cause: e });
    });
  const width = m.autoOrient?.width ?? m.width;
  const height = m.autoOrient?.height ?? m.height;
  // The segmenter reads the bytes, not the type: any format sharp reads is segmented as it is.
  const mime = m.format === 'jpeg' ? 'image/jpeg' : m.format === 'webp' ? 'image/webp' : 'image/png';
  return { data, mime, width, height };
}

/** The product's cut-out and its mask. */
export async function productCutOut(productImage: Buffer, segment: ProductShotTools['segment']): Promise<ProductCutOut> {
  const photo = await readPhoto(productImage);
  const seg = await segment(photo);
  if (!seg.box) throw new MediaError('bad_input', 'No product was found in the photo.');
  const cut = await cutOut(photo, seg);
  const mask = await sharp(cut.png).extractChannel(3).png().toBuffer();
  return { ...cut, mask };
}

/** A canvas's pixels inside `box`, as a canvas of their own. */
function cropCanvas(canvas: Canvas, box: { left: number; top: number; width: number; height: number }): Canvas {
  const out = createCanvas(box.width, box.height);
  out.getContext('2d').drawImage(canvas, box.left, box.top, box.width, box.height, 0, 0, box.width, box.height);
  return out;
}

/** The box of a canvas's visible pixels (alpha above 2), or null when it is empty. */
function contentBox(canvas: Canvas) {
  const { width, height } = canvas;
  const { data } = canvas.getContext('2d').getImageData(0, 0, width, height);
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (data[(y * width + x) * 4 + 3]! > 2)
        [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
  return right < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The two layers, drawn once: the set at the frame's shape (the scene extends to 9:16, 1:1 or 16:9;
 * nothing is squeezed) and `OVERSCAN` times its size, and the product standing on its stage with
 * its shadows and reflection, cropped to what it covers. The product is sized so that the motion
 * never takes any of it out of the frame.
 */
async function drawLayers(
  cut: { png: Buffer; width: number; height: number },
  prompt: string,
  motion: ProductShotMotion,
  width: number,
  height: number,
  seed: number,
) {
  const [LW, LH] = [Math.round(width * OVERSCAN), Math.round(height * OVERSCAN)];
  const scene = renderScene(prompt, LW, LH, seed);
  // The frame at rest shows the middle of the set.
  const [ox, oy] = [(LW - width) / 2, (LH - height) / 2];
  // On a surface the product stands a little back from the stage's front, so it rests near the
  // frame's lower third rather than its bottom edge; a podium's top is where it must stand.
  const stage =
    scene.horizon < LH
      ? {
          ...scene.stage,
          baseY: Math.max(scene.horizon + (LH - scene.horizon) * 0.2, Math.min(scene.stage.baseY, oy + height * BASE_LINE)),
        }
      : scene.stage;
  let box = stageBox(stage, cut, height, PRODUCT_SCALE);
  // The motion's largest scale and shift of the product about its centre, over the whole shot.
  const extremes = [0, 0.5, 1].map((e) => layerMotion(motion, e, width, height).product);
  const margin = EDGE_MARGIN * Math.min(width, height);
  for (let tries = 0; tries < 8; tries++) {
    const [cx, cy] = [box.left + box.width / 2 - ox, box.top + box.height / 2 - oy];
    const fits = extremes.every(({ scale, dx, dy }) => {
      const [hw, hh] = [(box.width * scale) / 2, (box.height * scale) / 2];
      return cx + dx - hw >= margin && cx + dx + hw <= width - margin && cy + dy - hh >= margin && cy + dy + hh <= height - margin;
    });
    if (fits) break;
    // Smaller, standing where it stood: its base stays on the stage.
    const k = 0.9;
    const [w, h] = [Math.max(1, Math.round(box.width * k)), Math.max(1, Math.round(box.height * k))];
    box = { left: Math.round(box.left + box.width / 2 - w / 2), top: box.top + box.height - h, width: w, height: h };
  }
  const productLayer = createCanvas(LW, LH);
  await standOn(productLayer, cut.png, box, scene);
  const covered = contentBox(productLayer) ?? box;
  return {
    set: scene.canvas,
    product: cropCanvas(productLayer, covered),
    /** Where the product layer's crop sits in the set's canvas. */
    productAt: { left: covered.left, top: covered.top },
    /** The product's centre in the set's canvas: both layers scale about it, so a push-in closes in on the product. */
    pivot: { x: box.left + box.width / 2, y: box.top + box.height / 2 },
    offset: { x: ox, y: oy },
  };
}

/** What the render thread is given: the product's cut-out and the shot, checked. */
export interface ProductShotJob {
  cutout: { png: Uint8Array; width: number; height: number };
  prompt: string;
  motion: ProductShotMotion;
  durationS: number;
  width: number;
  height: number;
  seed: number;
}

/**
 * Draws the layers and every frame of a shot and encodes them, on this thread: `renderProductShot`
 * runs it in a worker thread (`product-shot-worker.mjs`), so painting the set and placing the
 * layers 25 times a second never holds the API.
 */
export async function renderProductShotHere(job: ProductShotJob): Promise<{ video: Uint8Array; layersMs: number; framesMs: number }> {
  const started = performance.now();
  const { width, height, motion } = job;
  const cut = { ...job.cutout, png: Buffer.from(job.cutout.png.buffer, job.cutout.png.byteOffset, job.cutout.png.byteLength) };
  const layers = await drawLayers(cut, job.prompt, motion, width, height, job.seed);
  const layersMs = performance.now() - started;
  const frames = Math.round(job.durationS * VIDEO_FPS);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  const { pivot, offset, productAt } = layers;
  // A layer placed: scaled by `scale` about the pivot, whose resting place in the frame is (pivot − offset), then shifted.
  const draw = (image: Canvas, at: { left: number; top: number }, p: Placement) => {
    const x = pivot.x - offset.x + p.dx + (at.left - pivot.x) * p.scale;
    const y = pivot.y - offset.y + p.dy + (at.top - pivot.y) * p.scale;
    ctx.drawImage(image, x, y, image.width * p.scale, image.height * p.scale);
  };
  let framesMs = 0;
  const video = await encodeFedToMp4(
    (out) => [
      ...['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-framerate', String(VIDEO_FPS), '-i', 'pipe:0'],
      ...[...ENCODE, '-an', '-frames:v', String(frames), '-movflags', '+faststart', '-y', out],
    ],
    async (write) => {
      for (let i = 0; i < frames; i++) {
        const t0 = performance.now();
        const m = layerMotion(motion, ease(frames > 1 ? i / (frames - 1) : 0), width, height);
        draw(layers.set, { left: 0, top: 0 }, m.set);
        draw(layers.product, productAt, m.product);
        const pixels = ctx.getImageData(0, 0, width, height).data;
        framesMs += performance.now() - t0;
        await write(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength));
      }
    },
  );
  return { video, layersMs, framesMs };
}

/** One render thread: with the API's thread and ffmpeg's encode, it fills this machine's two cores. */
let renderer: WorkerPool<{ job: ProductShotJob }, { video: Uint8Array; layersMs: number; framesMs: number }> | null = null;

/** Stops the render thread (the next shot starts it again). */
export async function closeProductShotWorker(): Promise<void> {
  const pool = renderer;
  renderer = null;
  await pool?.close();
}

/**
 * Renders a product shot: a silent MP4 of `durationS` at `width`×`height` (any of the three
 * formats), the product cut out of `productImage` standing in `scene`, the camera moving by
 * `motion`. The photo is segmented by `tools.segment`; the set and the frames are drawn in a worker
 * thread. At 720×1280 a second of video takes about 0.6 s of CPU (a third of it ffmpeg's encode).
 */
export async function renderProductShot(input: ProductShotInput, tools: ProductShotTools): Promise<ProductShot> {
  const started = performance.now();
  checkProductShot(input);
  const { width, height, motion } = input;
  const cutout = await productCutOut(input.productImage, tools.segment);
  const cutoutMs = performance.now() - started;
  renderer ??= new WorkerPool(new URL('./product-shot-worker.mjs', import.meta.url), 'The product shot', 1, 10 * 60_000);
  const job: ProductShotJob = {
    cutout: { png: cutout.png, width: cutout.width, height: cutout.height },
    prompt: scenePrompt(input.scene),
    motion,
    durationS: input.durationS,
    width,
    height,
    seed: input.seed ?? 1,
  };
  const rendered = await renderer.call({ job });
  const frames = Math.round(input.durationS * VIDEO_FPS);
  const { layersMs, framesMs } = rendered;
  tools.onTimings?.({ cutoutMs, layersMs, framesMs, frames, encodeMs: performance.now() - started - cutoutMs - layersMs });
  return {
    video: Buffer.from(rendered.video.buffer, rendered.video.byteOffset, rendered.video.byteLength),
    mime: 'video/mp4',
    width,
    height,
    durationS: frames / VIDEO_FPS,
    cutout,
    ...meta(started, `local/product-shot/${motion}`),
  };
}

/** Where a product card stands, for each of the three formats (shares of the frame). */
export interface ProductCardPlacement {
  /** The card's left edge in the frame, in pixels (its shadow's margin included). */
  left: number;
  top: number;
  /** The PNG's size: the card and the margin its shadow needs. */
  width: number;
  height: number;
}

export interface ProductCardInput {
  /** The product's cut-out (a product shot's `cutout`, or `productCutOut`). */
  cutout: ProductCutOut;
  /** The talking section's frame. */
  width: number;
  height: number;
  /** When the card is on screen, in seconds of the section (a talking section shows it from the word that names it, for three seconds). */
  start: number;
  end: number;
  /** The card's colour behind the product (CSS colour; white by default, or the scene's background). */
  background?: string;
}

export interface ProductCard extends ProductCardPlacement {
  /** The card: rounded, the product whole on it in its own pixels, a soft shadow; transparent around. */
  png: Buffer;
  start: number;
  end: number;
  /**
   * The ffmpeg filter that lays the card over a clip: `filter(video, card, out)` where `card` is
   * the label of this PNG read as a looped still (`-loop 1 -i card.png`) and `video` the clip's;
   * the card fades and rises in over 0.25 s and fades out, and is drawn only in its window.
   */
  filter(video: string, card: string, out: string): string;
}

/** How long the card takes to come in and to go. */
const CARD_FADE_S = 0.25;

/**
 * A product card for a talking section: the product on a small rounded card beside the speaker.
 * A 9:16 frame keeps the card on the left, clear of the apps' buttons on the right and of the
 * captions in the bottom fifth, the short-video apps' safe area; a square or wide frame puts it at the
 * right, beside a speaker framed in the middle. Answers the card as a PNG with its placement and
 * the filter fragment that shows it from `start` to `end`.
 */
export async function productOverlayCard(input: ProductCardInput): Promise<ProductCard> {
  const { cutout, width, height, start, end } = input;
  if (!(end > start) || start < 0) throw new MediaError('bad_input', 'The product card needs a time window.');
  const tall = height > width * 1.2;
  const wide = width > height * 1.2;
  const margin = Math.round(Math.min(width, height) * 0.05);
  // The card stands above the caption band (whichever style the captions take), below the safe area's top.
  const highest = Math.round(CAPTION_SAFE_AREA[captionFrameOf(width, height)].top * height);
  const lowest = captionBandTop(width, height) - margin;
  const cardW = Math.round(width * (tall ? 0.36 : wide ? 0.24 : 0.32));
  const shadowOf = (w: number) => Math.max(4, Math.round(w * 0.06));
  // The card takes the product's shape, within reason: a tall bottle a tall card, a wide box a wide one.
  const shape = Math.max(0.62, Math.min(1.4, cutout.width / cutout.height));
  const cardH = Math.round(Math.min(height * (tall ? 0.34 : 0.62), cardW / shape, lowest - highest - 2 * shadowOf(cardW)));
  const shadow = shadowOf(cardW);
  const [W, H] = [cardW + shadow * 2, cardH + shadow * 2];
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  const radius = Math.round(Math.min(cardW, cardH) * 0.1);
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0.28)';
  ctx.shadowBlur = shadow;
  ctx.shadowOffsetY = Math.round(shadow * 0.35);
  ctx.fillStyle = input.background ?? '#ffffff';
  ctx.beginPath();
  ctx.roundRect(shadow, shadow, cardW, cardH, radius);
  ctx.fill();
  ctx.restore();
  // The product whole, as large as fits inside a padding; its pixels as they are (no light on them).
  const pad = Math.round(Math.min(cardW, cardH) * 0.1);
  const k = Math.min((cardW - pad * 2) / cutout.width, (cardH - pad * 2) / cutout.height);
  const [pw, ph] = [cutout.width * k, cutout.height * k];
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(await loadImage(cutout.png), shadow + (cardW - pw) / 2, shadow + (cardH - ph) / 2, pw, ph);
  const pixels = ctx.getImageData(0, 0, W, H).data;
  const png = await sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width: W, height: H, channels: 4 } })
    .png()
    .toBuffer();
  const left = tall ? margin - shadow : width - margin - cardW - shadow;
  const top = Math.max(highest, Math.min(Math.round((tall ? height * 0.5 : height * 0.45) - H / 2), lowest - H));
  const rise = Math.max(2, Math.round(height * 0.02));
  return {
    png,
    left,
    top,
    width: W,
    height: H,
    start,
    end,
    filter: (video, card, out) => {
      const [s, e] = [start.toFixed(3), end.toFixed(3)];
      const fadeOut = Math.max(start, end - CARD_FADE_S).toFixed(3);
      // The still is timed like the clip (setpts), faded on its alpha, and rises into place as it comes
      // in. Quoted expressions keep their commas from the filtergraph's parser.
      const y = `${top}+${rise}*max(0,1-(t-${s})/${CARD_FADE_S})`;
      return (
        `[${card}]format=rgba,setpts=PTS-STARTPTS,fade=t=in:st=${s}:d=${CARD_FADE_S}:alpha=1,fade=t=out:st=${fadeOut}:d=${CARD_FADE_S}:alpha=1[${out}card];` +
        `[${video}][${out}card]overlay=x=${left}:y='${y}':eval=frame:shortest=1:enable='between(t,${s},${e})'[${out}]`
      );
    },
  };
}
