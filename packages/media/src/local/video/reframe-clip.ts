/**
 * A talking clip re-framed to another format around the speaker's face: the face is found a few times a second, the crop follows it along a smoothed path, and
 * the face is never cut — after smoothing, each crop is moved back far enough to hold the whole face
 * (with a margin) whenever the frame allows. A clip without a face keeps its upper middle, where a
 * speaker's head usually is.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FaceBox } from './face-mesh.ts';
import { runFfmpeg } from '../ffmpeg.ts';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The largest face at `t` seconds, in the clip's pixels (null where none was found). */
export interface FaceSample {
  t: number;
  box: Box | null;
}

/** Where the crop's top-left corner is at `t` seconds (the crop's size is the same throughout). */
export interface CropKey {
  t: number;
  x: number;
  y: number;
}

export interface CropPath {
  width: number;
  height: number;
  keys: CropKey[];
}

/** Finds faces in packed RGB pixels, largest first (the face mesh's `findBoxes`). */
export type FindFaces = (rgb: Uint8Array, width: number, height: number) => Promise<FaceBox[]>;

/** Face samples per second of clip: a head moves slowly; the path is smoothed over a second anyway. */
const SAMPLES_PER_SECOND = 2;
/** The mesh finds a face at 256 px; frames are looked at no larger than this. */
const LOOK_SIDE = 480;
/** Room kept around the face inside the crop, as a share of the face's size. */
const FACE_MARGIN = 0.25;
/** Where the face's centre sits in the crop, from its top: a little above the middle leaves headroom for captions below. */
const FACE_CENTRE_FROM_TOP = 0.42;
/** Half-width of the smoothing window, in samples (±1 s). */
const SMOOTH_RADIUS = SAMPLES_PER_SECOND;
/** A key is dropped when the line through its neighbours passes within this many pixels of it. */
const KEY_TOLERANCE_PX = 2;

/** The largest face a few times a second through the clip (`width`×`height` pixels, `durationS` long). */
export async function faceTrack(
  video: Buffer,
  size: { width: number; height: number; durationS: number },
  findFaces: FindFaces,
): Promise<FaceSample[]> {
  const k = Math.min(1, LOOK_SIDE / Math.max(size.width, size.height));
  const w = Math.max(2, Math.round((size.width * k) / 2) * 2);
  const h = Math.max(2, Math.round((size.height * k) / 2) * 2);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-reframe-'));
  let raw: Buffer;
  try {
    const file = path.join(dir, 'in.mp4');
    await fs.writeFile(file, video);
    // Frames at 0, 1/SAMPLES_PER_SECOND, 2/SAMPLES_PER_SECOND… s (fps picks the nearest).
    raw = await runFfmpeg(
      ['-i', file, '-vf', `fps=${SAMPLES_PER_SECOND},scale=${w}:${h}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      Buffer.alloc(0),
      { timeoutMs: 5 * 60_000 },
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  const frameBytes = w * h * 3;
  const samples: FaceSample[] = [];
  for (let i = 0; (i + 1) * frameBytes <= raw.length; i++) {
    const [face] = await findFaces(raw.subarray(i * frameBytes, (i + 1) * frameBytes), w, h).catch(() => [] as FaceBox[]);
    const t = Math.min(size.durationS, i / SAMPLES_PER_SECOND);
    samples.push({
      t,
      box: face ? { left: face.box.left / k, top: face.box.top / k, width: face.box.width / k, height: face.box.height / k } : null,
    });
  }
  return samples;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The largest crop of the target's shape inside the source. */
export function cropSize(source: { width: number; height: number }, target: { width: number; height: number }) {
  const aspect = target.width / target.height;
  const width = Math.min(source.width, source.height * aspect);
  const height = width / aspect;
  return { width: Math.floor(width / 2) * 2, height: Math.floor(height / 2) * 2 };
}

/**
 * The crop's path through the clip: centred on the face (a little above the middle), smoothed over
 * about two seconds, then nudged so the face and its margin stay inside wherever the crop can hold
 * them, and inside the source always.
 */
export function cropPath(
  track: readonly FaceSample[],
  source: { width: number; height: number },
  target: { width: number; height: number },
): CropPath {
  const { width, height } = cropSize(source, target);
  const maxX = source.width - width;
  const maxY = source.height - height;
  const found = track.filter((s): s is FaceSample & { box: Box } => s.box !== null);
  if (found.length === 0) {
    // No face: the upper middle, where a speaker's head usually is.
    return { width, height, keys: [{ t: 0, x: Math.round(maxX / 2), y: Math.round(maxY * 0.25) }] };
  }
  // A sample without a face (a blink, a turn, motion blur) takes the faces on either side of it.
  const boxes = track.map((s) => s.box ?? between(found, s.t));
  const wanted = boxes.map((b) => ({
    x: b.left + b.width / 2 - width / 2,
    y: b.top + b.height / 2 - height * FACE_CENTRE_FROM_TOP,
  }));
  const smoothed = wanted.map((_, i) => {
    const from = Math.max(0, i - SMOOTH_RADIUS);
    const to = Math.min(wanted.length - 1, i + SMOOTH_RADIUS);
    let x = 0;
    let y = 0;
    for (let j = from; j <= to; j++) {
      x += wanted[j]!.x;
      y += wanted[j]!.y;
    }
    return { x: x / (to - from + 1), y: y / (to - from + 1) };
  });
  const keys = smoothed.map((p, i) => {
    const b = boxes[i]!;
    const mx = b.width * FACE_MARGIN;
    const my = b.height * FACE_MARGIN;
    // The face with its margin inside the crop where it fits (a face larger than the crop is centred).
    let x = p.x;
    let y = p.y;
    if (b.width + 2 * mx <= width) x = clamp(x, b.left + b.width + mx - width, b.left - mx);
    else x = b.left + b.width / 2 - width / 2;
    if (b.height + 2 * my <= height) y = clamp(y, b.top + b.height + my - height, b.top - my);
    else y = b.top + b.height / 2 - height / 2;
    return { t: track[i]!.t, x: Math.round(clamp(x, 0, maxX)), y: Math.round(clamp(y, 0, maxY)) };
  });
  return { width, height, keys: simplify(keys) };
}

/** The face box at `t` on the line between the found faces before and after it (the nearest one past either end). */
function between(found: readonly (FaceSample & { box: Box })[], t: number): Box {
  const after = found.findIndex((s) => s.t > t);
  if (after <= 0) return (after === 0 ? found[0]! : found.at(-1)!).box;
  const a = found[after - 1]!;
  const b = found[after]!;
  const f = (t - a.t) / (b.t - a.t);
  const mix = (p: number, q: number) => p + (q - p) * f;
  return {
    left: mix(a.box.left, b.box.left),
    top: mix(a.box.top, b.box.top),
    width: mix(a.box.width, b.box.width),
    height: mix(a.box.height, b.box.height),
  };
}

/** Keys a straight line between their neighbours already passes through are dropped (a still head is one key). */
function simplify(keys: CropKey[]): CropKey[] {
  if (keys.length <= 2) return allSame(keys) ? keys.slice(0, 1) : keys;
  const kept = [keys[0]!];
  for (let i = 1; i < keys.length - 1; i++) {
    const a = kept.at(-1)!;
    const b = keys[i + 1]!;
    const k = keys[i]!;
    const f = (k.t - a.t) / (b.t - a.t);
    const off = Math.max(Math.abs(a.x + (b.x - a.x) * f - k.x), Math.abs(a.y + (b.y - a.y) * f - k.y));
    if (off > KEY_TOLERANCE_PX) kept.push(k);
  }
  kept.push(keys.at(-1)!);
  return allSame(kept) ? kept.slice(0, 1) : kept;
}

const allSame = (keys: readonly CropKey[]) => keys.every((k) => k.x === keys[0]!.x && k.y === keys[0]!.y);

/** An ffmpeg expression of `t` that moves linearly from key to key (one value when there is one key). */
export function pathExpression(keys: readonly CropKey[], axis: 'x' | 'y'): string {
  const v = (k: CropKey) => k[axis];
  if (keys.length === 1) return String(v(keys[0]!));
  let expr = String(v(keys.at(-1)!));
  for (let i = keys.length - 2; i >= 0; i--) {
    const a = keys[i]!;
    const b = keys[i + 1]!;
    const segment = `${v(a)}+(${v(b) - v(a)})*(t-${a.t.toFixed(3)})/${(b.t - a.t).toFixed(3)}`;
    expr = `if(lt(t,${b.t.toFixed(3)}),${i === 0 ? `if(lt(t,${a.t.toFixed(3)}),${v(a)},${segment})` : segment},${expr})`;
  }
  return expr;
}

/** The ffmpeg filter that crops a picture along `crop` and scales it to `out`. */
export function reframeFilter(crop: CropPath, out: { width: number; height: number }): string {
  // Commas inside the expressions are escaped for the filter graph's parser.
  const x = pathExpression(crop.keys, 'x').replaceAll(',', '\\,');
  const y = pathExpression(crop.keys, 'y').replaceAll(',', '\\,');
  return `crop=${crop.width}:${crop.height}:${x}:${y},scale=${out.width}:${out.height}:flags=lanczos,setsar=1`;
}
