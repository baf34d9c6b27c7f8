import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImageData, WordTiming } from '../../capabilities.ts';
import { measureLoudness } from '../audio/loudness.ts';
import { FFMPEG_PATH, runFfmpeg } from '../ffmpeg.ts';
import { localFinishAd } from './ad.ts';
import { MAX_PAUSE_S } from './cuts.ts';
import { FaceMesh } from './face-mesh.ts';
import { END_CARD_S } from './render-end-card.ts';

// The finished ad on the real engine, small: a speaker's section (a face, and "words" as tones with
// a long pause and a lip-sync tail) and a silent one, in 9:16 and 1:1.

const require = createRequire(import.meta.url);
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const mesh = new FaceMesh();
/** What the engine tracks the speaker with: the detector's boxes. */
const findBoxes = (rgb: Uint8Array, width: number, height: number) => mesh.findBoxes(rgb, width, height);
/** What the test checks the result with: the whole mesh. */
const findFaces = (rgb: Uint8Array, width: number, height: number) => mesh.detect(rgb, width, height);
// The product card's photo is all product (a magenta box), so its segmentation is the whole picture.
const segment = async ({ width, height }: ImageData) => ({
  width,
  height,
  mask: Buffer.alloc(width * height, 255),
  box: { left: 0, top: 0, width, height },
  coverage: 1,
});
const MAGENTA = { r: 220, g: 30, b: 200 };
const isMagenta = (r: number, g: number, b: number) => r > 170 && g < 90 && b > 150;
const run = promisify(execFile);
const W = 270;
const H = 480;
const WORDS: WordTiming[] = [
  { text: 'Meet', start: 0.2, end: 0.5 },
  { text: 'the', start: 0.55, end: 0.7 },
  { text: 'serum.', start: 0.75, end: 1.2 },
  { text: 'Really.', start: 2.6, end: 3.0 },
];
let dir: string;
let speaker: Buffer;
let silent: Buffer;
let silentSquare: Buffer;
let product: Buffer;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-ad-test-'));
  const face = path.join(dir, 'face.jpg');
  // The face low and right in the portrait frame: a centred square crop would cut it.
  await sharp(path.join(demo, 'sample3.jpg')).extract({ left: 900, top: 30, width: 600, height: 800 }).resize(150, 200).jpeg().toFile(face);
  const spoken = WORDS.map((w) => `between(t,${w.start},${w.end})`).join('+');
  const clip = async (name: string, seconds: number, sound: string, picture: string[], ground = `0x7a8b99:s=${W}x${H}`) => {
    const out = path.join(dir, name);
    await runFfmpeg(
      [
        ...['-f', 'lavfi', '-i', `color=c=${ground}:r=25:d=${seconds}`, ...picture],
        ...['-f', 'lavfi', '-i', sound],
        ...['-filter_complex', picture.length ? `[0:v][1:v]overlay=x=110:y=250:shortest=1[v]` : '[0:v]null[v]'],
        ...['-map', '[v]', '-map', `${picture.length ? 2 : 1}:a`, '-t', String(seconds)],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ac', '1', '-ar', '44100', '-y', out],
      ],
      Buffer.alloc(0),
    );
    return fs.readFile(out);
  };
  speaker = await clip('speaker.mp4', 6, `sine=f=330:r=44100:d=6,volume=0:enable='not(${spoken})'`, ['-loop', '1', '-i', face]);
  silent = await clip('silent.mp4', 2, 'anullsrc=r=44100:cl=mono', []);
  // The silent section drawn at the square's own size (as a product shot is), in blue.
  silentSquare = await clip('silent-square.mp4', 2, 'anullsrc=r=44100:cl=mono', [], '0x1040d0:s=360x360');
  product = await sharp({ create: { width: 40, height: 60, channels: 3, background: MAGENTA } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await mesh.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function probe(video: Buffer, filters: string[]): Promise<string> {
  const file = path.join(dir, `probe-${Math.random().toString(36).slice(2)}.mp4`);
  await fs.writeFile(file, video);
  return (await run(FFMPEG_PATH, ['-hide_banner', '-i', file, ...filters, '-f', 'null', '-'])).stderr;
}

it('cuts the talk tight, re-frames it around the face, captions it on the ad’s timeline, in each format', async () => {
  const stages: unknown[] = [];
  const formats = await localFinishAd(
    {
      sections: [
        // The product card comes in on "Really.", which the cut moves.
        { video: speaker, durationS: 6, words: WORDS, captioned: true, productCard: { productImage: product, start: 2.6, durationS: 3 } },
        { video: silent, durationS: 2, words: [], captioned: true, formats: { '1:1': silentSquare } },
      ],
      width: W,
      height: H,
      formats: [
        { aspectRatio: '9:16', width: W, height: H },
        { aspectRatio: '1:1', width: 360, height: 360 },
      ],
      captionStyle: 'bold-pop',
      tightCuts: true,
      onProgress: (stage) => void stages.push(stage),
    },
    { findFaces: findBoxes, segment },
  );
  expect(formats.map((f) => f.aspectRatio)).toEqual(['9:16', '1:1']);
  // Told as each stage starts: the cuts, then each format.
  expect(stages).toEqual([
    { format: null, done: 0, total: 3 },
    { format: '9:16', done: 1, total: 3 },
    { format: '1:1', done: 2, total: 3 },
  ]);
  // The speaker's 6 s become 0.15 s before the first word, its words (1.0 s and 0.4 s) with the long
  // pause between them cut to 0.3 s, and 0.4 s after the last; the silent 2 s stay.
  for (const f of formats) expect(f.durationS).toBeCloseTo(0.15 + 1.0 + 0.3 + 0.4 + 0.4 + 2, 1);
  // "Really." moved with the cut: it starts 0.3 s after "serum." ends.
  expect(formats[0]!.words.map((w) => w.text)).toEqual(['Meet', 'the', 'serum.', 'Really.']);
  expect(formats[0]!.words[3]!.start - formats[0]!.words[2]!.end).toBeCloseTo(0.3, 2);
  const log = await probe(formats[0]!.video, ['-af', `silencedetect=n=-40dB:d=${MAX_PAUSE_S}`]);
  // The only silence left over 0.6 s is the silent section itself, at the end.
  const silences = [...log.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
  expect(silences.every((t) => t > formats[0]!.durationS - 2.5)).toBe(true);
  // The product card: not there before its word, there (whole, in its own colour) from it, in each format.
  const really = formats[0]!.words[3]!;
  for (const f of formats) {
    const file = path.join(dir, `card-${f.width}.mp4`);
    await fs.writeFile(file, f.video);
    const magentaAt = async (t: number) => {
      const raw = await runFfmpeg(
        ['-ss', t.toFixed(2), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
        Buffer.alloc(0),
      );
      let n = 0;
      for (let i = 0; i < raw.length; i += 3) if (isMagenta(raw[i]!, raw[i + 1]!, raw[i + 2]!)) n++;
      return n;
    };
    expect(await magentaAt(really.start - 0.4), f.aspectRatio).toBe(0);
    expect(await magentaAt(really.start + 0.35), f.aspectRatio).toBeGreaterThan(f.width * f.height * 0.02);
  }
  // In the square, the whole face is in the frame.
  if (process.env.AD_FRAMES) {
    for (const f of formats) {
      const file = path.join(dir, `${f.width}.mp4`);
      await fs.writeFile(file, f.video);
      await runFfmpeg(
        ['-ss', '0.9', '-i', file, '-frames:v', '1', '-y', `${process.env.AD_FRAMES}-${f.width}x${f.height}.png`],
        Buffer.alloc(0),
      );
    }
  }
  const square = path.join(dir, 'square.mp4');
  await fs.writeFile(square, formats[1]!.video);
  const png = await runFfmpeg(['-ss', '0.5', '-i', square, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', 'pipe:1'], Buffer.alloc(0));
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([360, 360]);
  // A section drawn at the square's own size is used as it is, not cropped from the portrait one.
  const late = await runFfmpeg(
    ['-ss', (formats[1]!.durationS - 1).toFixed(2), '-i', square, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    Buffer.alloc(0),
  );
  expect([late[0]! < 60, late[2]! > 160]).toEqual([true, true]);
  const [seen] = await findFaces(data, info.width, info.height);
  expect(seen).toBeDefined();
  expect(seen!.box.left).toBeGreaterThanOrEqual(0);
  expect(seen!.box.top).toBeGreaterThanOrEqual(0);
  expect(seen!.box.left + seen!.box.width).toBeLessThanOrEqual(360);
  expect(seen!.box.top + seen!.box.height).toBeLessThanOrEqual(360);
}, 120_000);

it('closes with the brand’s end card, music running under it all at -14 LUFS, the captions in the brand’s colour', async () => {
  const music = await runFfmpeg(
    ['-f', 'lavfi', '-i', 'sine=f=220:r=44100:d=12', '-af', 'volume=-12dB', '-c:a', 'aac', '-f', 'adts', 'pipe:1'],
    Buffer.alloc(0),
  );
  const [ad] = await localFinishAd(
    {
      sections: [{ video: speaker, durationS: 6, words: WORDS, captioned: true }],
      width: W,
      height: H,
      formats: [{ aspectRatio: '9:16', width: W, height: H }],
      captionStyle: 'bold-pop',
      tightCuts: true,
      highlight: '#00c853',
      endCard: { ctaText: 'Shop now', colors: { primary: '#1a237e', secondary: '#ff4081' }, fontId: 'montserrat' },
      music: { audio: music, volume: 0.6, seamlessLoop: false },
    },
    { findFaces: findBoxes, segment },
  );
  // The talk (2.25 s after its cuts) and the 2.5 s card.
  expect(ad!.durationS).toBeCloseTo(2.25 + END_CARD_S, 1);
  const file = path.join(dir, 'closed.mp4');
  await fs.writeFile(file, ad!.video);
  const loudness = await measureLoudness(['-i', file]);
  expect(loudness.integratedLufs).not.toBeNull();
  expect(Math.abs(loudness.integratedLufs! + 14)).toBeLessThanOrEqual(1);
  expect(loudness.truePeakDbtp).toBeLessThanOrEqual(-1);
  // The music goes on under the card: its last two seconds are not silent.
  const tail = await measureLoudness(['-ss', (ad!.durationS - 2).toFixed(2), '-i', file]);
  expect(tail.integratedLufs).not.toBeNull();
  // The card's last frame is the brand's colour; while "the" is said, the caption shows the highlight.
  const frameAt = async (t: number) => {
    const png = await runFfmpeg(
      ['-ss', t.toFixed(2), '-i', file, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', 'pipe:1'],
      Buffer.alloc(0),
    );
    return sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  };
  const last = await frameAt(ad!.durationS - 0.1);
  const corner = [...last.data.subarray(0, 3)];
  expect(corner[2]).toBeGreaterThan(corner[0]! + 30);
  const the = ad!.words[1]!;
  const said = await frameAt((the.start + the.end) / 2);
  let green = 0;
  for (let i = 0; i < said.data.length; i += 3) if (said.data[i + 1]! > 150 && said.data[i]! < 90 && said.data[i + 2]! < 120) green++;
  expect(green).toBeGreaterThan(20);
}, 120_000);
