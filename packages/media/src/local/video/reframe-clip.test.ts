import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../ffmpeg.ts';
import { FaceMesh } from './face-mesh.ts';
import { encodeFiltered, pictureFilter } from './clips.ts';
import { cropPath, cropSize, faceTrack, pathExpression, reframeFilter, type Box, type CropPath } from './reframe-clip.ts';

// The face mesh looks at what the re-framing made: in every format, the whole face is inside the frame.

const require = createRequire(import.meta.url);
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const mesh = new FaceMesh();
/** What the engine tracks the speaker with: the detector's boxes. */
const findBoxes = (rgb: Uint8Array, width: number, height: number) => mesh.findBoxes(rgb, width, height);
/** What the test checks the result with: the whole mesh. */
const findFaces = (rgb: Uint8Array, width: number, height: number) => mesh.detect(rgb, width, height);
/** A clip re-framed alone, as the ad's one pass re-frames each section (the filter it uses). */
async function reframeClip(video: Buffer, crop: CropPath, out: { width: number; height: number }): Promise<Buffer> {
  const input = path.join(dir, `reframe-${crop.width}x${crop.height}-${out.width}x${out.height}.mp4`);
  await fs.writeFile(input, video);
  return encodeFiltered(input, pictureFilter(reframeFilter(crop, out)));
}
let dir: string;
/** A woman of a group photo, upright, looking at the camera. */
let face: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-reframe-test-'));
  face = path.join(dir, 'face.jpg');
  await sharp(path.join(demo, 'sample3.jpg'))
    .extract({ left: 900, top: 30, width: 600, height: 800 })
    .resize(180, 240)
    .jpeg({ quality: 92 })
    .toFile(face);
});
afterAll(async () => {
  await mesh.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** A 3 s clip: the face over a plain set, placed by `x`/`y` (ffmpeg expressions of t). */
async function clip(width: number, height: number, x: string, y: string): Promise<Buffer> {
  const out = path.join(dir, `clip-${width}x${height}-${Math.random().toString(36).slice(2)}.mp4`);
  await runFfmpeg(
    [
      ...['-f', 'lavfi', '-i', `color=c=0x6b7f8e:s=${width}x${height}:r=25:d=3`],
      ...['-loop', '1', '-i', face],
      ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'],
      ...['-filter_complex', `[0:v][1:v]overlay=x='${x}':y='${y}':shortest=1[v]`, '-map', '[v]', '-map', '2:a', '-t', '3'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', out],
    ],
    Buffer.alloc(0),
  );
  return fs.readFile(out);
}

/** The largest face in the frame at `t`, and the frame's size. */
async function faceAt(video: Buffer, t: number): Promise<{ box: Box; width: number; height: number } | null> {
  const file = path.join(dir, `probe-${Math.random().toString(36).slice(2)}.mp4`);
  await fs.writeFile(file, video);
  const png = await runFfmpeg(
    ['-ss', t.toFixed(2), '-i', file, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', 'pipe:1'],
    Buffer.alloc(0),
  );
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [found] = await findFaces(data, info.width, info.height);
  return found ? { box: found.box, width: info.width, height: info.height } : null;
}

const inside = ({ box, width, height }: { box: Box; width: number; height: number }) =>
  box.left >= 0 && box.top >= 0 && box.left + box.width <= width && box.top + box.height <= height;

describe('re-framing a talking clip', () => {
  it('turns a 9:16 clip into 1:1 and 16:9 with the whole face in the frame', async () => {
    // The face low and to the right of a portrait frame: a centred crop would cut it.
    const portrait = await clip(360, 640, '170', '330');
    const track = await faceTrack(portrait, { width: 360, height: 640, durationS: 3 }, findBoxes);
    expect(track.filter((s) => s.box)).toHaveLength(track.length);
    for (const [w, h] of [
      [360, 360],
      [640, 360],
    ] as const) {
      const crop = cropPath(track, { width: 360, height: 640 }, { width: w, height: h });
      // A still head: the crop does not move.
      expect(crop.keys).toHaveLength(1);
      const out = await reframeClip(portrait, crop, { width: w, height: h });
      for (const t of [0.5, 2.5]) {
        const seen = await faceAt(out, t);
        expect(seen, `${w}×${h} at ${t} s`).not.toBeNull();
        expect(seen!.width).toBe(w);
        expect(inside(seen!), `${w}×${h} at ${t} s: ${JSON.stringify(seen)}`).toBe(true);
      }
    }
  });

  it('follows a face that walks across a 16:9 clip into a 9:16 frame, smoothly and never cut', async () => {
    const wide = await clip(640, 360, '20+t*140', '60');
    const track = await faceTrack(wide, { width: 640, height: 360, durationS: 3 }, findBoxes);
    const crop = cropPath(track, { width: 640, height: 360 }, { width: 360, height: 640 });
    expect(crop).toMatchObject(cropSize({ width: 640, height: 360 }, { width: 360, height: 640 }));
    expect(crop.keys.length).toBeGreaterThan(1);
    // Smooth: the crop moves no faster than the face does (140 px/s), and only one way.
    for (let i = 1; i < crop.keys.length; i++) {
      const [a, b] = [crop.keys[i - 1]!, crop.keys[i]!];
      expect(b.x).toBeGreaterThanOrEqual(a.x);
      expect((b.x - a.x) / (b.t - a.t)).toBeLessThanOrEqual(140 * 1.6);
    }
    const out = await reframeClip(wide, crop, { width: 360, height: 640 });
    for (const t of [0.3, 1.5, 2.7]) {
      const seen = await faceAt(out, t);
      expect(seen, `at ${t} s`).not.toBeNull();
      expect(inside(seen!), `at ${t} s: ${JSON.stringify(seen)}`).toBe(true);
    }
  });

  it('keeps the upper middle of a clip without a face, and writes a path ffmpeg reads as time goes', () => {
    const crop = cropPath(
      [
        { t: 0, box: null },
        { t: 0.5, box: null },
      ],
      { width: 720, height: 1280 },
      { width: 720, height: 720 },
    );
    expect(crop).toEqual({ width: 720, height: 720, keys: [{ t: 0, x: 0, y: 140 }] });
    const expr = pathExpression(
      [
        { t: 0.25, x: 10, y: 0 },
        { t: 1.25, x: 110, y: 0 },
      ],
      'x',
    );
    expect(expr).toBe('if(lt(t,1.250),if(lt(t,0.250),10,10+(100)*(t-0.250)/1.000),110)');
  });
});
