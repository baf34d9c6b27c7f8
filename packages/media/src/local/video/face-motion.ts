/**
 * What the talking head's face does in each frame: the mouth from the schedule of mouth shapes
 * (or, failing that, from loudness), blinks every few seconds, and a slow sway of the head that
 * keeps going after the speech ends.
 */
import type { MouthCue } from '../../capabilities.ts';
import { seededRandom } from '../seeded-random.ts';
import { mixPoses, SHAPE_POSES, type Pose } from './face-warp.ts';

/** The shape held at `t` seconds (rest outside the cues). Cues are in time order. */
function shapeAt(cues: readonly MouthCue[], t: number) {
  let lo = 0;
  let hi = cues.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const cue = cues[mid]!;
    if (t < cue.start) hi = mid - 1;
    else if (t >= cue.end) lo = mid + 1;
    else return cue.shape;
  }
  return 'X' as const;
}

/**
 * The mouth in each frame from cues: each frame blends the shapes over a short window that leads
 * the sound slightly (lips move a moment before the sound they make), so shapes flow into one
 * another without losing a closing of the lips.
 */
export function mouthFromCues(cues: readonly MouthCue[], frames: number, fps: number) {
  const sorted = [...cues].sort((a, b) => a.start - b.start);
  const offsets = [-0.02, 0, 0.02, 0.04];
  return Array.from({ length: frames }, (_, i) =>
    mixPoses(offsets.map((d) => ({ pose: SHAPE_POSES[shapeAt(sorted, i / fps + d)], weight: d === 0 || d === 0.02 ? 2 : 1 }))),
  );
}

/** The mouth in each frame from loudness alone (0 shut … 1 wide open per frame). */
export function mouthFromLoudness(openings: readonly number[], frames: number) {
  return Array.from({ length: frames }, (_, i) => {
    const open = Math.min(1, Math.max(0, openings[i] ?? 0));
    return mixPoses([
      { pose: SHAPE_POSES.X, weight: 1 - open },
      { pose: SHAPE_POSES.D, weight: open },
    ]);
  });
}

/** Eyelid closing over a blink's frames at 25 fps (≈ 0.2 s). */
const BLINK = [0.45, 0.9, 1, 0.7, 0.3];

/** Blinks (0 open … 1 shut) per frame: the first after about a second, then every 2–4.5 s. */
export function blinks(frames: number, fps: number, seed = 7): number[] {
  const next = seededRandom(seed);
  const out = new Array<number>(frames).fill(0);
  for (let at = Math.round(fps * (0.8 + next() * 0.8)); at < frames; at += Math.round(fps * (2 + next() * 2.5))) {
    BLINK.forEach((v, k) => {
      if (at + k < frames) out[at + k] = v;
    });
  }
  return out;
}

/** Every frame's pose: the mouth, blinks, and a sway of a degree or so that nods a little with the speech. */
export function framePoses(mouth: ReturnType<typeof mixPoses>[], fps: number): Pose[] {
  const blink = blinks(mouth.length, fps);
  let emphasis = 0;
  return mouth.map((m, i) => {
    const t = i / fps;
    emphasis = emphasis * 0.85 + m.open * 0.15;
    return {
      ...m,
      blink: blink[i]!,
      tilt: 0.012 * Math.sin((2 * Math.PI * t) / 4.1) + 0.005 * Math.sin((2 * Math.PI * t) / 2.3 + 1),
      shiftX: 0.004 * Math.sin((2 * Math.PI * t) / 5.3),
      shiftY: 0.003 * Math.sin((2 * Math.PI * t) / 3.1 + 0.5) + emphasis * 0.02,
    };
  });
}
