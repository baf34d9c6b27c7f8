import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_SETTINGS } from '@studio/contracts';
import type { ImageData } from '../../capabilities.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { localTextToSpeech } from '../speech/espeak.ts';
import { captionCues, localBurnCaptions } from './captions.ts';
import { localConcat, localNormalize, localPosterFrame } from './clips.ts';
import { localAnimate } from './motion.ts';
import { FaceMesh } from './face-mesh.ts';
import { localTalkingHead, mouthEnvelope } from './talking-head.ts';

const require = createRequire(import.meta.url);
const demo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const mesh = new FaceMesh();
afterAll(() => mesh.close());

const imageOf = async (data: Buffer): Promise<ImageData> => {
  const m = await sharp(data).metadata();
  return { data, mime: 'image/jpeg', width: m.width, height: m.height };
};
/** Every frame of a clip, tiny and grey, so frames can be counted and compared. */
async function frames(video: Buffer, w = 36, h = 64): Promise<Buffer[]> {
  const file = join(fs.mkdtempSync(join(os.tmpdir(), 'frames-')), 'v.mp4');
  fs.writeFileSync(file, video);
  const raw = await runFfmpeg(['-i', file, '-vf', `scale=${w}:${h}`, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], Buffer.alloc(0));
  return Array.from({ length: raw.length / (w * h) }, (_, i) => raw.subarray(i * w * h, (i + 1) * w * h));
}
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
const largestChange = (a: Buffer, b: Buffer) => a.reduce((most, v, i) => Math.max(most, Math.abs(v - b[i]!)), 0);
const hasAudio = async (video: Buffer) => {
  const file = join(fs.mkdtempSync(join(os.tmpdir(), 'audio-')), 'v.mp4');
  fs.writeFileSync(file, video);
  const pcm = await runFfmpeg(['-i', file, '-vn', '-f', 's16le', '-ac', '1', '-ar', '8000', 'pipe:1'], Buffer.alloc(0));
  return pcm.length / 16_000;
};

describe('local video (ffmpeg)', () => {
  // At a third of the job's 1080×1920 (what the size, length and motion prove holds at any size; the
  // full size costs ten times the encode: the media bench measures it).
  it('animates a still as camera motion at the asked size, length and frame rate', async () => {
    const still = await imageOf(fs.readFileSync(join(demo, 'sample2.jpg')));
    const clip = await localAnimate({ image: still, width: 360, height: 640, durationS: 3 });
    expect(clip).toMatchObject({ mime: 'video/mp4', width: 360, height: 640, durationS: 3, provider: 'local' });
    const all = await frames(clip.video);
    expect(all).toHaveLength(75);
    // The camera moves: the last frame is not the first.
    expect(difference(all[0]!, all.at(-1)!)).toBeGreaterThan(2);
    expect((await localPosterFrame(clip.video)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  }, 60_000);

  it('makes a face speak, hearing the mouth shapes in the speech, and keeps the picture around the head still', async () => {
    const face = await imageOf(fs.readFileSync(join(demo, 'sample2.jpg')));
    const speech = await localTextToSpeech({
      text: 'Hi! I love how light this feels on my skin.',
      voice: { id: 'studioUgcTwo' },
      settings: DEFAULT_VOICE_SETTINGS,
    });
    let heard = false;
    const clip = await localTalkingHead(
      // Half the job size: the frames are compared at 180×320 either way.
      { image: face, audio: speech.audio, width: 360, height: 640 },
      {
        findFaces: (rgb, w, h) => mesh.detect(rgb, w, h),
        hearMouthShapes: async () => {
          heard = true;
          return speech.mouthCues!;
        },
      },
    );
    expect(clip.model).toBe('local/face-mesh-talking-head');
    expect(heard).toBe(true);
    expect(Math.abs(clip.durationS - speech.durationS)).toBeLessThan(0.3);
    expect(Math.abs((await hasAudio(clip.video)) - speech.durationS)).toBeLessThan(0.4);
    const all = await frames(clip.video, 180, 320);
    // Somewhere (the mouth) pixels change a lot from frame to frame, while the picture below the head stays put.
    expect(Math.max(...all.slice(1).map((f, i) => largestChange(f, all[i]!)))).toBeGreaterThan(60);
    const below = (f: Buffer) => f.subarray(260 * 180);
    expect(difference(below(all[0]!), below(all.at(-1)!))).toBeLessThan(2);
  }, 90_000);

  it('gives a still without a face camera motion with the speech; joins sections in order', async () => {
    const product = await imageOf(
      await sharp({ create: { width: 600, height: 900, channels: 3, background: '#c8a27a' } })
        .jpeg()
        .toBuffer(),
    );
    const speech = await localTextToSpeech({
      text: 'Only twelve dollars.',
      voice: { id: 'studioAdam01' },
      settings: DEFAULT_VOICE_SETTINGS,
    });
    const clip = await localTalkingHead({ image: product, audio: speech.audio, width: 360, height: 640 }, { findFaces: async () => [] });
    expect(clip.model).toBe('local/ffmpeg-camera-motion+speech');
    expect(await hasAudio(clip.video)).toBeGreaterThan(0.5);

    const one = await localAnimate({ image: product, width: 360, height: 640, durationS: 1 });
    const joined = await localConcat([one.video, one.video]);
    expect(await frames(joined)).toHaveLength(50);
  }, 60_000);

  it('turns loudness into mouth openings: silence shut, speech open', () => {
    const silence = new Int16Array(16_000);
    expect(mouthEnvelope(silence).every((v) => v === 0)).toBe(true);
    const loud = Int16Array.from({ length: 16_000 }, (_, i) => (i < 8000 ? 0 : Math.round(Math.sin(i / 5) * 12_000)));
    const open = mouthEnvelope(loud);
    expect(open).toHaveLength(25);
    expect(open[2]).toBe(0);
    expect(open[20]).toBeGreaterThan(0.8);
  });

  it('burns the script in as captions, a few words at a time, near the bottom', async () => {
    const script = 'Only twelve dollars for a whole month of glowing skin, try it today';
    const cues = captionCues(script, 4);
    expect(cues.map((c) => c.text)).toEqual(['Only twelve dollars for a whole', 'month of glowing skin, try it', 'today']);
    expect(cues[0]!.start).toBe(0);
    expect(cues.at(-1)!.end).toBeCloseTo(4, 1);

    const plain = await sharp({ create: { width: 360, height: 640, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    const clip = await localAnimate({ image: await imageOf(plain), width: 360, height: 640, durationS: 2, motion: 'pan' });
    const captioned = await localBurnCaptions({ video: clip.video, script: 'Hello there', width: 360, height: 640, durationS: 2 });
    const [before] = await frames(clip.video, 180, 320);
    const [after] = await frames(captioned, 180, 320);
    // The lower part of the frame carries the white type; the top is untouched.
    const rows = (f: Buffer, from: number, to: number) => f.subarray(from * 180, to * 180);
    expect(largestChange(rows(before!, 230, 280), rows(after!, 230, 280))).toBeGreaterThan(100);
    expect(difference(rows(before!, 0, 150), rows(after!, 0, 150))).toBeLessThan(2);
  }, 60_000);

  it('normalises a clip from elsewhere to the job size with a sound track, so it joins the others', async () => {
    const still = await imageOf(
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#446688' } })
        .jpeg()
        .toBuffer(),
    );
    // A landscape clip without sound, as a hosted model might answer.
    const foreign = (await localAnimate({ image: still, width: 320, height: 240, durationS: 1 })).video;
    const joinable = await localNormalize(foreign, 180, 320);
    const pictures = await frames(joinable, 18, 32);
    expect(pictures.length).toBeGreaterThanOrEqual(24);
    expect(await hasAudio(joinable)).toBeCloseTo(1, 0);
    const [width, height] = await sharp(await localPosterFrame(joinable))
      .metadata()
      .then((m) => [m.width, m.height]);
    expect([width, height]).toEqual([180, 320]);
    const joined = await localConcat([joinable, joinable]);
    expect(await hasAudio(joined)).toBeCloseTo(2, 0);
  });
});
