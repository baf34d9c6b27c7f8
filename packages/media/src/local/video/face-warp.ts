/**
 * The talking head's picture: the still's own pixels moved by a smooth warp built on the face
 * mesh, along the head's own axes (the eye line and across it), so a tilted head speaks tilted.
 *
 * Per frame a `Pose` says how far the jaw drops, how wide or round the lips are, how much teeth
 * and tongue show, whether the eyes blink and how the head sways. The lower lip, chin and jaw move
 * down with the jaw; the upper lip lifts a little; the mouth corners widen or draw in. Between the
 * lips opens a mouth interior: the still's own teeth when its mouth already shows them (the upper
 * teeth stay with the upper lip, the lower ones go down with the jaw), drawn teeth and tongue when
 * it is closed. Pixels are mapped backwards (where does this output pixel come from) and sampled
 * bilinearly; only the head's box is touched, the rest of the frame is the still as it is.
 */
import type { MouthShape } from '../../capabilities.ts';
import { MESH, meshPoint, type MeshFace } from './face-mesh.ts';

/** What the face does in one frame. */
export interface Pose {
  /** Gap between the lips at their middle, in mouth widths. */
  open: number;
  /** Mouth width factor: above 1 widens, below 1 draws the corners in (rounded lips). */
  spread: number;
  /** Share of the gap the drawn upper / lower teeth fill. */
  upperTeeth: number;
  lowerTeeth: number;
  /** How much tongue shows at the bottom of the mouth (0–1); `tongueUp` raises its tip (L). */
  tongue: number;
  tongueUp: number;
  /** Shape of the opening: 0 a wide lens, 1 round. */
  round: number;
  /** Eyelids: 0 open, 1 shut. */
  blink: number;
  /** Head sway: roll about the neck (radians) and a shift, in face widths. */
  tilt: number;
  shiftX: number;
  shiftY: number;
}

const REST: Omit<Pose, 'blink' | 'tilt' | 'shiftX' | 'shiftY'> = {
  open: 0,
  spread: 1,
  upperTeeth: 0,
  lowerTeeth: 0,
  tongue: 0,
  tongueUp: 0,
  round: 0,
};

/** The mouth of each Preston Blair shape. */
export const SHAPE_POSES: Record<MouthShape, Omit<Pose, 'blink' | 'tilt' | 'shiftX' | 'shiftY'>> = {
  X: REST,
  A: { ...REST, spread: 0.97 },
  B: { ...REST, open: 0.07, spread: 1.04, upperTeeth: 0.55, lowerTeeth: 0.45 },
  C: { ...REST, open: 0.22, spread: 1.04, upperTeeth: 0.32, lowerTeeth: 0.14, tongue: 0.25 },
  D: { ...REST, open: 0.32, spread: 1.02, upperTeeth: 0.22, lowerTeeth: 0.1, tongue: 0.35 },
  E: { ...REST, open: 0.2, spread: 0.88, upperTeeth: 0.25, lowerTeeth: 0.08, tongue: 0.2, round: 0.5 },
  F: { ...REST, open: 0.11, spread: 0.76, upperTeeth: 0.2, round: 1 },
  G: { ...REST, open: 0.06, upperTeeth: 0.9 },
  H: { ...REST, open: 0.24, upperTeeth: 0.25, lowerTeeth: 0.1, tongue: 0.2, tongueUp: 1 },
};

/** A pose between two (for transitions and smoothing). */
export function mixPoses(poses: readonly { pose: Omit<Pose, 'blink' | 'tilt' | 'shiftX' | 'shiftY'>; weight: number }[]) {
  const total = poses.reduce((t, p) => t + p.weight, 0) || 1;
  const out = { ...REST, spread: 0 };
  for (const { pose, weight } of poses) {
    for (const k of Object.keys(out) as (keyof typeof out)[]) out[k] += (pose[k] * weight) / total;
  }
  return out;
}

interface Eye {
  cx: number;
  cy: number;
  half: number;
  upper: number;
  lower: number;
}

/** Where the face is in the frame and its measures along the head's axes, from the mesh. */
export interface FaceRig {
  width: number;
  height: number;
  /** Origin: the middle of the lip line. */
  ox: number;
  oy: number;
  /** Head axes: u along the eye line (the face's right to left as seen), v down the face. */
  ux: number;
  uy: number;
  vx: number;
  vy: number;
  /** Distance of the mouth corners from the origin along u (left as seen, right as seen). */
  halfL: number;
  halfR: number;
  /** The lip line (middle of the still's inner lips) along u, 1 px steps from `splitFrom`. */
  split: Float32Array;
  splitFrom: number;
  /** Lowest and highest point of the lip line between the corners. */
  splitMin: number;
  splitMax: number;
  upperLip: number;
  lowerLip: number;
  chin: number;
  nose: number;
  jawHalf: number;
  eyes: Eye[];
  /** The head, for the sway: centre, radii along u and v, and the neck pivot. */
  head: { cx: number; cy: number; rx: number; ry: number; px: number; py: number; size: number };
  /** The still already shows its teeth (an open or smiling mouth): they are kept, none drawn. */
  showsTeeth: boolean;
  /** Colours of the drawn mouth interior, matched to the still's light. */
  light: number;
  roi: { x0: number; y0: number; x1: number; y1: number };
}

/** A rig from a mesh face given in frame pixels. */
export function faceRig(face: MeshFace, width: number, height: number, base: Uint8Array): FaceRig {
  const p = (i: number) => meshPoint(face, i);
  const mid = (i: number, j: number) => ({ x: (p(i).x + p(j).x) / 2, y: (p(i).y + p(j).y) / 2 });
  const eyeR = mid(MESH.rightEye.outer, MESH.rightEye.inner);
  const eyeL = mid(MESH.leftEye.outer, MESH.leftEye.inner);
  let ux = eyeL.x - eyeR.x;
  let uy = eyeL.y - eyeR.y;
  const eyeDist = Math.hypot(ux, uy) || 1;
  ux /= eyeDist;
  uy /= eyeDist;
  const vx = -uy;
  const vy = ux;
  const o = mid(MESH.innerLipCentre[0], MESH.innerLipCentre[1]);
  const local = (q: { x: number; y: number }) => ({ a: (q.x - o.x) * ux + (q.y - o.y) * uy, b: (q.x - o.x) * vx + (q.y - o.y) * vy });
  const [cornerR, cornerL] = MESH.mouthCorners.map((i) => local(p(i)));
  const halfL = Math.max(4, -Math.min(cornerR!.a, cornerL!.a));
  const halfR = Math.max(4, Math.max(cornerR!.a, cornerL!.a));
  const W = halfL + halfR;

  // The lip line: halfway between the inner lip contours, interpolated along u.
  const curve = (indices: readonly number[]) => indices.map((i) => local(p(i))).sort((m, n) => m.a - n.a);
  const upper = curve(MESH.upperInner);
  const lower = curve(MESH.lowerInner);
  const at = (pts: { a: number; b: number }[], a: number) => {
    if (a <= pts[0]!.a) return pts[0]!.b;
    for (let k = 1; k < pts.length; k++) {
      const q = pts[k]!;
      if (a <= q.a) {
        const r = pts[k - 1]!;
        return r.b + ((q.b - r.b) * (a - r.a)) / Math.max(1e-6, q.a - r.a);
      }
    }
    return pts.at(-1)!.b;
  };
  const splitFrom = Math.floor(-halfL * 3);
  const split = new Float32Array(Math.ceil(halfR * 3) - splitFrom + 1);
  for (let k = 0; k < split.length; k++) {
    const a = splitFrom + k;
    split[k] = (at(upper, a) + at(lower, a)) / 2;
  }

  const chin = local(p(MESH.chin)).b;
  const nose = local(p(MESH.noseBottom)).b;
  const jawHalf = Math.max(W * 0.9, ...MESH.jaw.map((i) => Math.abs(local(p(i)).a)).filter((a) => a < W * 3)) * 0.95;
  const eye = (e: { outer: number; inner: number; upper: number; lower: number }): Eye => {
    const c = mid(e.upper, e.lower);
    const at = (i: number) => (p(i).x - c.x) * vx + (p(i).y - c.y) * vy;
    const half = Math.hypot(p(e.outer).x - p(e.inner).x, p(e.outer).y - p(e.inner).y) / 2;
    const ec = mid(e.outer, e.inner);
    // The opening's centre across (between the corners) and along (between the lids).
    const along = (ec.x - c.x) * ux + (ec.y - c.y) * uy;
    return { cx: c.x + along * ux, cy: c.y + along * uy, half, upper: at(e.upper), lower: at(e.lower) };
  };
  const eyes = [eye(MESH.rightEye), eye(MESH.leftEye)];

  const { box } = face;
  const size = Math.max(box.width, box.height);
  const head = {
    cx: box.left + box.width / 2,
    cy: box.top + box.height * 0.42,
    rx: box.width * 0.7,
    ry: box.height * 0.85,
    px: o.x + vx * (chin + size * 0.45),
    py: o.y + vy * (chin + size * 0.45),
    size,
  };
  // The head's box and everything the warp may move (the sway fades out around the head).
  const reach = Math.max(head.rx, head.ry) * SWAY_FADE + 2;
  const roi = {
    x0: Math.max(0, Math.floor(head.cx - reach)),
    y0: Math.max(0, Math.floor(head.cy - reach)),
    x1: Math.min(width, Math.ceil(head.cx + reach)),
    y1: Math.min(height, Math.ceil(head.cy + reach)),
  };

  // How light the lips are (the drawn interior follows the still's exposure), and whether the
  // still's mouth already shows teeth: a gap between the inner lips brighter than the lips.
  const pixelIndex = (x: number, y: number) =>
    (Math.min(height - 1, Math.max(0, Math.round(y))) * width + Math.min(width - 1, Math.max(0, Math.round(x)))) * 3;
  const luminance = (k: number) => 0.299 * base[k]! + 0.587 * base[k + 1]! + 0.114 * base[k + 2]!;
  const mean = (values: number[]) => values.reduce((t, v) => t + v, 0) / Math.max(1, values.length);
  const lips = mean([...MESH.upperOuter, ...MESH.lowerOuter].map((i) => luminance(pixelIndex(p(i).x, p(i).y))));
  // Teeth the still already shows (a smile): they belong to the jaws, so the lip line moves below
  // a single row (the upper teeth stay with the upper lip) or between two rows.
  const tops: number[] = [];
  const bottoms: number[] = [];
  let columns = 0;
  for (let a = -halfL * 0.4; a <= halfR * 0.4; a += 1) {
    columns++;
    let first = NaN;
    let last = NaN;
    // Between the inner lips only: a glossy lower lip is as light as teeth.
    for (let b = at(upper, a) - W * 0.04; b <= at(lower, a) + W * 0.08; b += 0.5) {
      const k = pixelIndex(o.x + a * ux + b * vx, o.y + a * uy + b * vy);
      const hi = Math.max(base[k]!, base[k + 1]!, base[k + 2]!);
      const lo = Math.min(base[k]!, base[k + 1]!, base[k + 2]!);
      if (luminance(k) > Math.max(70, lips * 1.18) && hi > 0 && (hi - lo) / hi < 0.32) {
        if (Number.isNaN(first)) first = b;
        last = b;
      }
    }
    if (!Number.isNaN(first)) {
      tops.push(first);
      bottoms.push(last);
    }
  }
  const median = (values: number[]) => [...values].sort((m, n) => m - n)[values.length >> 1] ?? 0;
  const parted = at(lower, 0) - at(upper, 0) > W * 0.08;
  const showsTeeth = parted && tops.length > columns * 0.5 && median(bottoms) - median(tops) > W * 0.025;
  if (showsTeeth) {
    const top = median(tops);
    const bottom = median(bottoms);
    const delta = (bottom - top > W * 0.16 ? (top + bottom) / 2 : bottom + 0.5) - split[-splitFrom]!;
    for (let k = 0; k < split.length; k++) {
      const a = splitFrom + k;
      const t = a / (a < 0 ? halfL : halfR);
      split[k] = split[k]! + delta * Math.max(0, 1 - t * t);
    }
  }
  let splitMin = Infinity;
  let splitMax = -Infinity;
  for (let a = Math.ceil(-halfL); a <= halfR; a++) {
    splitMin = Math.min(splitMin, split[a - splitFrom]!);
    splitMax = Math.max(splitMax, split[a - splitFrom]!);
  }
  const light = Math.min(1.15, Math.max(0.5, lips / 120));

  return {
    width,
    height,
    ox: o.x,
    oy: o.y,
    ux,
    uy,
    vx,
    vy,
    halfL,
    halfR,
    split,
    splitFrom,
    splitMin,
    splitMax,
    upperLip: Math.max(2, -local(p(0)).b),
    lowerLip: Math.max(2, local(p(17)).b),
    chin: Math.max(chin, W * 0.6),
    nose: Math.min(nose, -W * 0.25),
    jawHalf,
    eyes,
    head,
    showsTeeth,
    light,
    roi,
  };
}

/** The sway fades from the head's ellipse out to this many of its radii. */
const SWAY_FADE = 1.2;

const smooth = (e0: number, e1: number, x: number) => {
  const t = x <= e0 ? 0 : x >= e1 ? 1 : (x - e0) / (e1 - e0);
  return t * t * (3 - 2 * t);
};
const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

/** Where one output pixel comes from, and whether it lies inside the open mouth. */
interface Sample {
  sx: number;
  sy: number;
  /** Signed distance (px) into the mouth opening: > 0 inside, < 0 on the lips or beyond; -1e9 when closed. */
  inside: number;
  /** Depth below the upper lip and height of the opening, position across it (0 middle, 1 corner). */
  depth: number;
  gap: number;
  across: number;
}

/** The warp of one frame: its pose turned into the numbers each pixel needs. */
function frameWarp(rig: FaceRig, pose: Pose) {
  const { ox, oy, ux, uy, vx, vy, halfL, halfR, split, splitFrom, head } = rig;
  const W = halfL + halfR;
  const gapMax = Math.max(0, pose.open) * W;
  const lift = 0.15;
  const jawDrop = gapMax * 0.85;
  const lensPower = 1 - 0.45 * pose.round;
  const rampLen = rig.lowerLip * 1.2 + W * 0.1;
  const neckFall = Math.max(rig.chin * 0.8, jawDrop * 2);
  const noseGap = -rig.nose;
  const upLen = Math.max(2, noseGap * 0.8);
  const mouthTop = -noseGap * 0.95;
  const mouthBottom = rig.chin + neckFall;
  const mouthSide = Math.max(rig.jawHalf * 1.15, Math.max(halfL, halfR) * 2.3);
  const spreadK = pose.spread - 1;
  const mouthMoves = gapMax > 0.05 || Math.abs(spreadK) > 0.002;
  const cosT = Math.cos(pose.tilt);
  const sinT = Math.sin(pose.tilt);
  const shiftX = pose.shiftX * head.size;
  const shiftY = pose.shiftY * head.size;
  const swaying = Math.abs(pose.tilt) > 1e-5 || Math.abs(shiftX) > 0.01 || Math.abs(shiftY) > 0.01;
  const blink = clamp01(pose.blink);
  const fade2 = SWAY_FADE * SWAY_FADE;
  const splitAt = (a: number) => {
    const k = a - splitFrom;
    const i = k <= 0 ? 0 : k >= split.length - 1 ? split.length - 2 : Math.floor(k);
    const f = clamp01(k - i);
    return split[i]! * (1 - f) + split[i + 1]! * f;
  };
  const upperFade0 = Math.min(rig.upperLip * 1.3, noseGap * 0.5);
  const lowerFade0 = rig.lowerLip * 1.3 + gapMax;

  /** Where output pixel (x, y) comes from in the still. */
  const warp = (x: number, y: number, s: Sample) => {
    let sx = x;
    let sy = y;
    s.inside = -1e9;
    // The sway: the head turns about the neck and shifts, fading out around it.
    if (swaying) {
      const ha = ((x - head.cx) * ux + (y - head.cy) * uy) / head.rx;
      const hb = ((x - head.cx) * vx + (y - head.cy) * vy) / head.ry;
      const r2 = ha * ha + hb * hb;
      if (r2 < fade2) {
        const w = 1 - smooth(1, fade2, r2);
        // The shift is along the head's own axes (a nod goes down the face).
        const dx = x - (shiftX * ux + shiftY * vx) * w - head.px;
        const dy = y - (shiftX * uy + shiftY * vy) * w - head.py;
        const c = 1 + (cosT - 1) * w;
        const sn = sinT * w;
        sx = head.px + c * dx + sn * dy;
        sy = head.py - sn * dx + c * dy;
      }
    }
    // Blinks: the upper lid slides down over the eye, the skin above it stretching.
    if (blink > 0.001) {
      for (const e of rig.eyes) {
        const ea = (sx - e.cx) * ux + (sy - e.cy) * uy;
        if (ea <= -e.half || ea >= e.half) continue;
        const eb = (sx - e.cx) * vx + (sy - e.cy) * vy;
        const q = Math.sqrt(1 - (ea * ea) / (e.half * e.half));
        const up = e.upper * q;
        const low = e.lower * q;
        const from = up - (e.lower - e.upper) * 1.4 * q;
        const lid = up + blink * (low - up);
        if (eb > from && eb < lid) {
          const eb0 = from + ((eb - from) * (up - from)) / Math.max(1e-3, lid - from);
          sx += (eb0 - eb) * vx;
          sy += (eb0 - eb) * vy;
        }
      }
    }
    if (mouthMoves) {
      const a = (sx - ox) * ux + (sy - oy) * uy;
      const bd = (sx - ox) * vx + (sy - oy) * vy;
      if (bd > mouthTop && bd < mouthBottom && a > -mouthSide && a < mouthSide) {
        const side = a < 0 ? halfL : halfR;
        // Corners widen or draw in; the effect fades beyond twice the mouth's half width and away from the lips.
        const fa = 1 - smooth(1.1, 2.2, (a < 0 ? -a : a) / side);
        const fb = bd < 0 ? 1 - smooth(upperFade0, noseGap * 0.9, -bd) : 1 - smooth(lowerFade0, lowerFade0 + W * 0.5, bd);
        const a0 = a / (1 + spreadK * fa * fb);
        const t0 = (a0 < 0 ? -a0 : a0) / side;
        const lens = t0 < 1 ? Math.pow(1 - t0 * t0, lensPower) : 0;
        const G = gapMax * lens;
        const U = lift * G;
        const s0 = splitAt(a0);
        const lat = 1 - smooth(0.45 * rig.jawHalf, rig.jawHalf, a0 < 0 ? -a0 : a0);
        const top = s0 - U;
        const bottom = s0 + G;
        let b: number;
        if (bd >= bottom) {
          // Lower lip, chin and jaw: down with the jaw, fading out below the chin.
          b = bd - G;
          for (let k = 0; k < 3; k++) {
            const ramp = smooth(0, rampLen, b - s0);
            b = bd - (G + (jawDrop * lat - G) * ramp) * (1 - smooth(rig.chin, rig.chin + neckFall, b));
          }
        } else if (bd <= top) {
          // Upper lip: lifts a little, fading out towards the nose.
          b = bd + U;
          for (let k = 0; k < 2; k++) b = bd + U * (1 - smooth(0, upLen, s0 - b));
        } else {
          // Between the lips: the edge of the nearer lip (the interior is drawn over it).
          b = bd - top < bottom - bd ? s0 - 0.5 : s0 + 0.5;
        }
        if (G > 0.05) {
          s.inside = Math.min(bd - top, bottom - bd);
          s.depth = bd - top;
          s.gap = bottom - top;
          s.across = clamp01(t0);
        }
        sx = ox + a0 * ux + b * vx;
        sy = oy + a0 * uy + b * vy;
      }
    }
    s.sx = sx;
    s.sy = sy;
  };

  // Boxes warped pixel by pixel: the lips (the opening is a sharp edge) and blinking eyes (the
  // lid line is); elsewhere the warp is smooth and a coarse grid of it is enough. The sway moves
  // each by a few pixels.
  const margin = Math.abs(pose.tilt) * head.size * 2 + Math.hypot(shiftX, shiftY) + 2 * STEP;
  const boxOf = (points: (readonly [number, number])[]) => {
    const xs = points.map(([x]) => x);
    const ys = points.map(([, y]) => y);
    return {
      x0: Math.max(rig.roi.x0, Math.floor(Math.min(...xs) - margin)),
      y0: Math.max(rig.roi.y0, Math.floor(Math.min(...ys) - margin)),
      x1: Math.min(rig.roi.x1, Math.ceil(Math.max(...xs) + margin)),
      y1: Math.min(rig.roi.y1, Math.ceil(Math.max(...ys) + margin)),
    };
  };
  let mouthBox: Box | null = null;
  if (gapMax > 0.05) {
    const reach = Math.max(1.1, pose.spread + 0.1);
    const across = [-halfL * reach, halfR * reach];
    const along = [rig.splitMin - gapMax * lift - rig.upperLip, rig.splitMax + gapMax + rig.lowerLip];
    mouthBox = boxOf(across.flatMap((a) => along.map((b) => [ox + a * ux + b * vx, oy + a * uy + b * vy] as const)));
  }
  const eyeBoxes: Box[] =
    blink > 0.001
      ? rig.eyes.map((e) => {
          const along = [e.upper - (e.lower - e.upper) * 1.4, e.lower];
          return boxOf([-e.half, e.half].flatMap((a) => along.map((b) => [e.cx + a * ux + b * vx, e.cy + a * uy + b * vy] as const)));
        })
      : [];
  return { warp, mouthBox, eyeBoxes, moves: swaying || blink > 0.001 || mouthMoves };
}

/** Bilinear sample of the still at (sx, sy) into `rgb`. */
function sampleInto(base: Uint8Array, width: number, height: number, sx: number, sy: number, rgb: Float32Array) {
  const fx = sx < 0 ? 0 : sx > width - 1.001 ? width - 1.001 : sx;
  const fy = sy < 0 ? 0 : sy > height - 1.001 ? height - 1.001 : sy;
  const x0 = fx | 0;
  const y0 = fy | 0;
  const tx = fx - x0;
  const ty = fy - y0;
  const i00 = (y0 * width + x0) * 3;
  const i01 = i00 + width * 3;
  const w00 = (1 - tx) * (1 - ty);
  const w10 = tx * (1 - ty);
  const w01 = (1 - tx) * ty;
  const w11 = tx * ty;
  rgb[0] = base[i00]! * w00 + base[i00 + 3]! * w10 + base[i01]! * w01 + base[i01 + 3]! * w11;
  rgb[1] = base[i00 + 1]! * w00 + base[i00 + 4]! * w10 + base[i01 + 1]! * w01 + base[i01 + 4]! * w11;
  rgb[2] = base[i00 + 2]! * w00 + base[i00 + 5]! * w10 + base[i01 + 2]! * w01 + base[i01 + 5]! * w11;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Grid step (px) of the coarse warp. */
const STEP = 8;

/**
 * Renders one frame into `out` (packed RGB, the frame's size): the still `base` warped to `pose`.
 * `out` must already hold the still outside the head's box (a copy of `base`).
 */
export function renderFrame(base: Uint8Array, out: Uint8Array, rig: FaceRig, pose: Pose): void {
  const { width, height, roi } = rig;
  const { warp, mouthBox, eyeBoxes, moves } = frameWarp(rig, pose);
  if (!moves) {
    // A still frame: the head's box as the still has it (`out` may hold an earlier frame).
    for (let y = roi.y0; y < roi.y1; y++)
      out.set(base.subarray((y * width + roi.x0) * 3, (y * width + roi.x1) * 3), (y * width + roi.x0) * 3);
    return;
  }
  const s: Sample = { sx: 0, sy: 0, inside: -1e9, depth: 0, gap: 0, across: 0 };
  const rgb = new Float32Array(3);

  // The coarse warp: where each grid node comes from.
  const gw = Math.ceil((roi.x1 - roi.x0) / STEP) + 1;
  const gh = Math.ceil((roi.y1 - roi.y0) / STEP) + 1;
  const mapX = new Float32Array(gw * gh);
  const mapY = new Float32Array(gw * gh);
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      warp(roi.x0 + i * STEP, roi.y0 + j * STEP, s);
      mapX[j * gw + i] = s.sx;
      mapY[j * gw + i] = s.sy;
    }
  }
  // Every pixel from the grid, walking each cell's row with constant steps.
  const exact = mouthBox ? [mouthBox, ...eyeBoxes] : eyeBoxes;
  const maxX = width - 1.001;
  const maxY = height - 1.001;
  for (let y = roi.y0; y < roi.y1; y++) {
    const gy = (y - roi.y0) / STEP;
    const j = Math.min(gh - 2, gy | 0);
    const ty = gy - j;
    // Spans of this row drawn exactly afterwards (at most three: the lips and two eyes).
    let s0 = -1;
    let e0 = -1;
    let s1 = -1;
    let e1 = -1;
    let s2 = -1;
    let e2 = -1;
    let n = 0;
    for (const b of exact) {
      if (y < b.y0 || y >= b.y1) continue;
      if (n === 0) [s0, e0] = [b.x0, b.x1];
      else if (n === 1) [s1, e1] = [b.x0, b.x1];
      else [s2, e2] = [b.x0, b.x1];
      n++;
    }
    for (let i = 0; i < gw - 1; i++) {
      const k = j * gw + i;
      const xa = roi.x0 + i * STEP;
      const xb = Math.min(roi.x1, xa + STEP);
      let sx = mapX[k]! + (mapX[k + gw]! - mapX[k]!) * ty;
      let sy = mapY[k]! + (mapY[k + gw]! - mapY[k]!) * ty;
      const ex = mapX[k + 1]! + (mapX[k + gw + 1]! - mapX[k + 1]!) * ty;
      const ey = mapY[k + 1]! + (mapY[k + gw + 1]! - mapY[k + 1]!) * ty;
      const dx = (ex - sx) / STEP;
      const dy = (ey - sy) / STEP;
      const still = sx === xa && sy === y && ex === xa + STEP && ey === y;
      for (let x = xa; x < xb; x++, sx += dx, sy += dy) {
        const o = (y * width + x) * 3;
        if (still) {
          out[o] = base[o]!;
          out[o + 1] = base[o + 1]!;
          out[o + 2] = base[o + 2]!;
          continue;
        }
        if ((x >= s0 && x < e0) || (x >= s1 && x < e1) || (x >= s2 && x < e2)) continue;
        const fx = sx < 0 ? 0 : sx > maxX ? maxX : sx;
        const fy = sy < 0 ? 0 : sy > maxY ? maxY : sy;
        const x0 = fx | 0;
        const y0 = fy | 0;
        const tx = fx - x0;
        const tyy = fy - y0;
        const i00 = (y0 * width + x0) * 3;
        const i01 = i00 + width * 3;
        const w00 = (1 - tx) * (1 - tyy);
        const w10 = tx * (1 - tyy);
        const w01 = (1 - tx) * tyy;
        const w11 = tx * tyy;
        out[o] = base[i00]! * w00 + base[i00 + 3]! * w10 + base[i01]! * w01 + base[i01 + 3]! * w11;
        out[o + 1] = base[i00 + 1]! * w00 + base[i00 + 4]! * w10 + base[i01 + 1]! * w01 + base[i01 + 4]! * w11;
        out[o + 2] = base[i00 + 2]! * w00 + base[i00 + 5]! * w10 + base[i01 + 2]! * w01 + base[i01 + 5]! * w11;
      }
    }
  }
  for (const box of eyeBoxes) {
    for (let y = box.y0; y < box.y1; y++) {
      for (let x = box.x0; x < box.x1; x++) {
        if (mouthBox && x >= mouthBox.x0 && x < mouthBox.x1 && y >= mouthBox.y0 && y < mouthBox.y1) continue;
        warp(x, y, s);
        sampleInto(base, width, height, s.sx, s.sy, rgb);
        const o = (y * width + x) * 3;
        out[o] = rgb[0]!;
        out[o + 1] = rgb[1]!;
        out[o + 2] = rgb[2]!;
      }
    }
  }
  if (mouthBox) drawMouth(base, out, rig, pose, mouthBox, warp, s, rgb);
}

/** The lips pixel by pixel: the warp exactly, and the mouth interior between the lips. */
function drawMouth(
  base: Uint8Array,
  out: Uint8Array,
  rig: FaceRig,
  pose: Pose,
  box: Box,
  warp: (x: number, y: number, s: Sample) => void,
  s: Sample,
  rgb: Float32Array,
) {
  const { width, height, light } = rig;
  const W = rig.halfL + rig.halfR;
  const drawTeeth = !rig.showsTeeth;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      warp(x, y, s);
      sampleInto(base, width, height, s.sx, s.sy, rgb);
      let r = rgb[0]!;
      let g = rgb[1]!;
      let b = rgb[2]!;
      if (s.inside > -3) {
        if (s.inside < -0.5) {
          // The lips' inner edge, in the shadow of the opening.
          const shade = 1 - 0.22 * (1 - (-0.5 - s.inside) / 2.5);
          r *= shade;
          g *= shade;
          b *= shade;
        } else {
          const alpha = clamp01(s.inside + 0.5);
          const { depth, gap, across } = s;
          const shade = (1 - 0.6 * across * across) * light;
          const low = clamp01(depth / Math.max(1, gap));
          let cr = (46 + 18 * low) * shade;
          let cg = (18 + 8 * low) * shade;
          let cb = (22 + 8 * low) * shade;
          // Tongue low in the mouth, its tip raised behind the upper teeth for an L.
          const tongueAcross = across / 0.62;
          if (tongueAcross < 1) {
            const bulge = 1 - tongueAcross * tongueAcross;
            let cover = pose.tongue > 0 ? clamp01(depth - gap * (1 - 0.5 * pose.tongue * bulge) + 0.5) : 0;
            if (pose.tongueUp > 0) {
              const ea = across / 0.32;
              const eb = (depth - gap * 0.5) / (gap * 0.32);
              cover = Math.max(cover, clamp01((1 - (ea * ea + eb * eb)) * gap * 0.3) * pose.tongueUp);
            }
            if (cover > 0) {
              const tl = (0.7 + 0.3 * bulge) * light;
              cr += (150 * tl - cr) * cover;
              cg += (66 * tl - cg) * cover;
              cb += (72 * tl - cb) * cover;
            }
          }
          if (drawTeeth) {
            const upperH = Math.min(gap * pose.upperTeeth, W * 0.11);
            const sideU = clamp01((0.74 - across) / 0.1);
            if (upperH > 0.3 && sideU > 0) {
              const cover = clamp01(upperH - depth + 0.5) * sideU;
              // Under the upper lip's shadow, and darker towards the corners.
              const tl = (1 - 0.5 * across * across) * (0.72 + 0.28 * clamp01(depth / 3)) * light;
              cr += (214 * tl - cr) * cover;
              cg += (206 * tl - cg) * cover;
              cb += (194 * tl - cb) * cover;
            }
            const lowerH = Math.min(gap * pose.lowerTeeth, W * 0.07);
            const sideL = clamp01((0.58 - across) / 0.1);
            if (lowerH > 0.3 && sideL > 0) {
              const cover = clamp01(depth - (gap - lowerH) + 0.5) * sideL;
              const tl = (1 - 0.55 * across * across) * 0.84 * light;
              cr += (198 * tl - cr) * cover;
              cg += (190 * tl - cg) * cover;
              cb += (178 * tl - cb) * cover;
            }
          }
          r += (cr - r) * alpha;
          g += (cg - g) * alpha;
          b += (cb - b) * alpha;
        }
      }
      const o = (y * width + x) * 3;
      out[o] = r > 255 ? 255 : r;
      out[o + 1] = g > 255 ? 255 : g;
      out[o + 2] = b > 255 ? 255 : b;
    }
  }
}
