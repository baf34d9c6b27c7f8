import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_SETTINGS } from '@studio/contracts';
import type { ImageData, MouthCue, SpeechResult } from '../../capabilities.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { localTextToSpeech } from '../speech/espeak.ts';
import { FaceMesh, MESH, meshPoint, type MeshFace } from './face-mesh.ts';
import { localTalkingHead, type TalkingHeadTools } from './talking-head.ts';

// The face mesh checks what the talking head draws: it must see the lips part where the schedule
// opens the mouth and meet where it shuts it, along the head's own axis when the head is tilted.

const require = createRequire(import.meta.url);
const demo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const mesh = new FaceMesh();
afterAll(() => mesh.close());
const tools: TalkingHeadTools = { findFaces: (rgb, width, height) => mesh.detect(rgb, width, height) };
const W = 360;
const H = 640;

const imageOf = async (data: Buffer): Promise<ImageData> => {
  const m = await sharp(data).metadata();
  return { data, mime: 'image/jpeg', width: m.width, height: m.height };
};
/** One woman of a group photo, upright, looking at the camera with a slight smile. */
const upright = () =>
  sharp(join(demo, 'sample3.jpg')).extract({ left: 900, top: 30, width: 600, height: 800 }).jpeg({ quality: 92 }).toBuffer();

/** Frames of a clip at full size, as packed RGB. */
async function framesOf(video: Buffer): Promise<Buffer[]> {
  const file = join(fs.mkdtempSync(join(os.tmpdir(), 'head-')), 'v.mp4');
  fs.writeFileSync(file, video);
  const raw = await runFfmpeg(['-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], Buffer.alloc(0), { timeoutMs: 120_000 });
  const size = W * H * 3;
  return Array.from({ length: raw.length / size }, (_, i) => raw.subarray(i * size, (i + 1) * size));
}
const seconds = async (video: Buffer, stream: 'a' | 'v') => {
  const file = join(fs.mkdtempSync(join(os.tmpdir(), 'head-')), 'v.mp4');
  fs.writeFileSync(file, video);
  if (stream === 'a')
    return (await runFfmpeg(['-i', file, '-vn', '-f', 's16le', '-ac', '1', '-ar', '8000', 'pipe:1'], Buffer.alloc(0))).length / 16_000;
  return (
    (await runFfmpeg(['-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', '18x32', 'pipe:1'], Buffer.alloc(0))).length / (18 * 32) / 25
  );
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const angleOf = (dx: number, dy: number) => (Math.atan2(dy, dx) * 180) / Math.PI;
const degreesApart = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);
const eyeLine = (f: MeshFace) => {
  const r = meshPoint(f, MESH.rightEye.outer);
  const l = meshPoint(f, MESH.leftEye.outer);
  return angleOf(l.x - r.x, l.y - r.y);
};
const mouthLine = (f: MeshFace) => {
  const [r, l] = MESH.mouthCorners.map((i) => meshPoint(f, i));
  return angleOf(l!.x - r!.x, l!.y - r!.y);
};
/** The inner lips' gap at their middle, in mouth widths. */
const lipGap = (f: MeshFace) => {
  const [up, low] = MESH.innerLipCentre.map((i) => meshPoint(f, i));
  const [r, l] = MESH.mouthCorners.map((i) => meshPoint(f, i));
  return Math.hypot(low!.x - up!.x, low!.y - up!.y) / Math.hypot(l!.x - r!.x, l!.y - r!.y);
};
const lowerLip = (f: MeshFace) => {
  const a = meshPoint(f, 14);
  const b = meshPoint(f, 17);
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
};

/** Open (D) and shut (A, X) in turn, 0.4 s each, over `seconds`. */
function alternating(total: number): MouthCue[] {
  const cues: MouthCue[] = [];
  for (let t = 0, i = 0; t < total; t += 0.4, i++)
    cues.push({ start: t, end: Math.min(total, t + 0.4), shape: i % 2 ? 'D' : i % 4 ? 'A' : 'X' });
  return cues;
}

/** The mesh on the middle frames of each cue: the lip gap and lower lip position, per shape. */
async function measure(video: Buffer, cues: MouthCue[]) {
  const frames = await framesOf(video);
  const seen: { shape: MouthCue['shape']; face: MeshFace }[] = [];
  for (const cue of cues) {
    const middle = Math.round(((cue.start + cue.end) / 2) * 25);
    if (cue.end - cue.start < 0.3) continue;
    for (const i of [middle - 2, middle, middle + 2].filter((i) => i < frames.length)) {
      const [face] = await mesh.detect(frames[i]!, W, H);
      if (face) seen.push({ shape: cue.shape, face });
    }
  }
  const open = seen.filter((s) => s.shape === 'D').map((s) => s.face);
  const shut = seen.filter((s) => s.shape !== 'D').map((s) => s.face);
  return { open, shut };
}

let speech: SpeechResult;
beforeAll(async () => {
  speech = await localTextToSpeech({
    text: 'Hi! I love how light this feels on my skin.',
    voice: { id: 'studioUgcTwo' },
    settings: DEFAULT_VOICE_SETTINGS,
  });
});

describe('local talking head (face mesh)', () => {
  it('parts the lips where the schedule opens the mouth and shuts them where it closes it', async () => {
    const cues = alternating(speech.durationS);
    const clip = await localTalkingHead(
      { image: await imageOf(await upright()), audio: speech.audio, width: W, height: H, mouthCues: cues },
      tools,
    );
    expect(clip.model).toBe('local/face-mesh-talking-head');
    const { open, shut } = await measure(clip.video, cues);
    expect(open.length).toBeGreaterThanOrEqual(6);
    expect(shut.length).toBeGreaterThanOrEqual(6);
    const openGap = median(open.map(lipGap));
    const shutGap = median(shut.map(lipGap));
    expect(openGap).toBeGreaterThanOrEqual(2 * shutGap);
    expect(openGap).toBeGreaterThan(0.12);
  }, 240_000);

  it('moves the jaw along a tilted head: the mouth follows the head 20° off upright', async () => {
    const tilted = await sharp(await upright())
      .rotate(20, { background: '#7a7f86' })
      .jpeg({ quality: 92 })
      .toBuffer();
    const image = await imageOf(tilted);
    const still = await sharp(tilted).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [before] = await mesh.detect(still.data, still.info.width, still.info.height);
    // The photo is tilted (the face's own roll plus the 20° turn).
    expect(Math.abs(eyeLine(before!))).toBeGreaterThan(15);

    const cues = alternating(speech.durationS);
    const clip = await localTalkingHead({ image, audio: speech.audio, width: W, height: H, mouthCues: cues }, tools);
    const { open, shut } = await measure(clip.video, cues);
    expect(median(open.map(lipGap))).toBeGreaterThanOrEqual(2 * median(shut.map(lipGap)));
    // The open lips stay on the tilted head's mouth line …
    expect(degreesApart(median(open.map(mouthLine)), mouthLine(before!))).toBeLessThan(5);
    // … and the lower lip drops (seen from the nose, which only sways) along the head's down
    // direction, not the picture's. The mesh re-fits each frame, so its lip points wander a few degrees.
    const lipFromNose = (faces: MeshFace[]) => {
      const at = (f: MeshFace) => {
        const [lip, nose] = [lowerLip(f), meshPoint(f, 1)];
        return { x: lip.x - nose.x, y: lip.y - nose.y };
      };
      return { x: median(faces.map((f) => at(f).x)), y: median(faces.map((f) => at(f).y)) };
    };
    const [from, to] = [lipFromNose(shut), lipFromNose(open)];
    const drop = angleOf(to.x - from.x, to.y - from.y);
    expect(degreesApart(drop, median(open.map(eyeLine)) + 90)).toBeLessThan(10);
    expect(degreesApart(drop, 90)).toBeGreaterThan(15);
  }, 240_000);

  it('lasts as long as asked when that is longer than the speech, with sound to the end', async () => {
    const durationS = speech.durationS + 3;
    const clip = await localTalkingHead(
      { image: await imageOf(await upright()), audio: speech.audio, width: 360, height: 640, durationS, mouthCues: speech.mouthCues },
      tools,
    );
    expect(clip.durationS).toBeCloseTo(durationS, 1);
    expect(Math.abs((await seconds(clip.video, 'v')) - durationS)).toBeLessThan(0.1);
    expect(Math.abs((await seconds(clip.video, 'a')) - durationS)).toBeLessThan(0.1);
  }, 120_000);
});
