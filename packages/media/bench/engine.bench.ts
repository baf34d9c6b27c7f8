/**
 * Local media engine benchmark: per capability, wall time and peak RSS of the process (worker
 * threads included), on a composed 768×768 product photo, a face-api demo photo (a group: the
 * image capabilities) and one woman cropped from another (a character is learned from photos of one
 * person only, and a talking head is one person's face).
 * Run: npm run bench -w @studio/media. BENCH_SMOKE=1: every step once, at a quarter of the size and
 * with a short script, to prove the bench still runs (`npm test` does); its numbers mean nothing.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { FFMPEG_PATH } from '../src/local/ffmpeg.ts';
import { FaceMesh } from '../src/local/video/face-mesh.ts';
import { localTalkingHead } from '../src/local/video/talking-head.ts';
import { benchAd, benchProduct } from './ad.bench.ts';
import { benchCaptions } from './captions.bench.ts';
import { benchScenes } from './scenes.bench.ts';
import { applyGrade, createMediaEngine, learnGrade, reframeImage, type ColourGrade, type ImageData } from '../src/index.ts';

const SMOKE = process.env.BENCH_SMOKE === '1';
/** A side in pixels: as given, or a quarter of it (even, as the video encoder wants) in smoke mode. */
const px = (n: number) => (SMOKE ? Math.max(64, Math.round(n / 8) * 2) : n);
const require = createRequire(import.meta.url);
const demo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 25);
const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="768" height="768"><rect width="768" height="768" fill="#e8e8e4"/><rect x="300" y="170" width="60" height="80" rx="6" fill="#222"/><rect x="260" y="240" width="200" height="400" rx="40" fill="#c82828"/></svg>`;
const PRODUCT = px(768);
const product: ImageData = {
  data: await sharp(Buffer.from(svg)).resize(PRODUCT, PRODUCT).jpeg().toBuffer(),
  mime: 'image/jpeg',
  width: PRODUCT,
  height: PRODUCT,
};
const faceBuf = await sharp(fs.readFileSync(join(demo, 'sample2.jpg')))
  .resize({ width: px(1024), height: px(1024), fit: 'inside' })
  .jpeg()
  .toBuffer();
const fm = await sharp(faceBuf).metadata();
const face: ImageData = { data: faceBuf, mime: 'image/jpeg', width: fm.width, height: fm.height };
// The same crop packages/media's character and talking-head tests use: one woman, facing the camera.
// It stays at full size in smoke mode: the engine refuses a face too small to recognise.
const personBuf = await sharp(join(demo, 'sample3.jpg'))
  .extract({ left: 900, top: 30, width: 600, height: 800 })
  .jpeg({ quality: 92 })
  .toBuffer();
const person: ImageData = { data: personBuf, mime: 'image/jpeg', width: 600, height: 800 };
const SIDE = px(1024);
const scene: ImageData = {
  data: await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#557799' } })
    .png()
    .toBuffer(),
  mime: 'image/png',
  width: SIDE,
  height: SIDE,
};

const engine = createMediaEngine();
const rows: { capability: string; ms: number; peak: string; model: string }[] = [];
/** Left out of a smoke run, which only proves the bench runs: a step an earlier one already ran (warm), or a variant of it. */
const REPEAT = { repeat: true };
async function step(capability: string, fn: () => Promise<{ model: string }>, options: { repeat?: boolean } = {}) {
  if (SMOKE && options.repeat) return;
  peak = process.memoryUsage().rss;
  const t = performance.now();
  const r = await fn();
  rows.push({ capability, ms: Math.round(performance.now() - t), peak: mb(peak), model: r.model });
}

await step('removeBackground (cold: model load)', () => engine.removeBackground({ image: product }));
await step('removeBackground (warm, face photo)', () => engine.removeBackground({ image: face }), REPEAT);
await step(`generateImage ${SIDE}² ×${SMOKE ? 1 : 4} + product`, () =>
  engine.generateImage({
    prompt: 'red bottle on a marble floor, warm light',
    width: SIDE,
    height: SIDE,
    count: SMOKE ? 1 : 4,
    model: 'flux_krea',
    product,
  }),
);
await step(`generateImage with text ${SIDE}²`, () =>
  engine.generateImage({ prompt: 'poster "NEW ARRIVALS" on a navy backdrop', width: SIDE, height: SIDE, count: 1, model: 'ideogram_v3' }),
);
await step(`editImage (warm, brighter) ${SIDE}²`, () =>
  engine.editImage({ prompt: 'warm and brighter', image: face, width: SIDE, height: SIDE, count: 1 }),
);
await step(`replaceBackground ${SIDE}²`, () =>
  engine.replaceBackground({ image: product, prompt: 'wooden table, beige wall', width: SIDE, height: SIDE, count: 1 }),
);
await step(`placeProduct ${SIDE}²`, () => engine.placeProduct({ prompt: 'on the shelf', product, scene, width: SIDE, height: SIDE }));
await step(`upscale 2× (${product.width}→${product.width * 2})`, () => engine.upscale({ image: product, factor: 2 }));
await step('describeImage (face, cold face-api)', () => engine.describeImage({ image: face }));
await step('virtualTryOn', () => engine.virtualTryOn({ person: face, garment: product }));
await step('reframe to 9:16, extend (Product Studio)', async () => {
  await reframeImage(product, 9 / 16, 'extend');
  return { model: 'local/reframe-extend' };
});

// Training: a style from 4 photos, a character from 3, and a style applied to a 9:16 image.
const stylePhotos = await Promise.all(
  ['#f6c27a', '#e07b39', '#d9a05b', '#c2703a'].map(async (sky, i) => {
    const photo = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768"><rect width="1024" height="768" fill="${sky}"/><rect y="${480 + i * 20}" width="1024" height="300" fill="#8a4b20"/><rect x="${400 + i * 30}" y="200" width="160" height="360" rx="40" fill="#c0392b"/></svg>`;
    const [width, height] = [px(1024), px(768)];
    return { data: await sharp(Buffer.from(photo)).resize(width, height).jpeg().toBuffer(), mime: 'image/jpeg' as const, width, height };
  }),
);
let grade: ColourGrade | undefined;
let styleTrainMs = 0;
await step(`learn a style (4 photos ${stylePhotos[0]!.width}×${stylePhotos[0]!.height})`, async () => {
  const t = performance.now();
  grade = await learnGrade(stylePhotos);
  styleTrainMs = performance.now() - t;
  return { model: 'local/colour-grade' };
});
const [TALL_W, TALL_H] = [px(1080), px(1920)];
const tall: ImageData = {
  data: await sharp(face.data).resize(TALL_W, TALL_H, { fit: 'cover' }).png().toBuffer(),
  mime: 'image/png',
  width: TALL_W,
  height: TALL_H,
};
const APPLY_RUNS = SMOKE ? 1 : 3;
let applyMs = 0;
await step(`apply a style ${TALL_W}×${TALL_H} (×${APPLY_RUNS})`, async () => {
  const t = performance.now();
  for (let i = 0; i < APPLY_RUNS; i++) await applyGrade(tall, grade!);
  applyMs = (performance.now() - t) / APPLY_RUNS;
  return { model: 'local/colour-grade' };
});
const flipped = { ...person, data: await sharp(person.data).flop().jpeg().toBuffer() };
const brighter = { ...person, data: await sharp(person.data).modulate({ brightness: 1.15 }).jpeg().toBuffer() };
await step('learn a character (3 photos, cold recognition net)', async () => {
  await engine.learnCharacter([person, flipped, brighter]);
  return { model: 'local/face-descriptor' };
});
let characterMs = 0;
await step(
  'learn a character (3 photos, warm)',
  async () => {
    const t = performance.now();
    await engine.learnCharacter([person, flipped, brighter]);
    characterMs = performance.now() - t;
    return { model: 'local/face-descriptor' };
  },
  REPEAT,
);

const SCRIPT = SMOKE ? 'Hi!' : 'Hi! I tried this for a week and I am never going back.';
const speech = await engine.speech.textToSpeech({
  text: SCRIPT,
  voice: { id: 'studioUgcTwo' },
  settings: { stability: 0.5, similarityBoost: 0.75, style: 0, speed: 1, useSpeakerBoost: false },
});
// Talking heads get their mouth shapes with the engine's own speech (as a video job does); the
// section's peak RSS includes the face mesh worker.
const cues = { mouthCues: speech.mouthCues, script: SCRIPT };
const headPeakFrom = process.memoryUsage().rss;
let headPeak = 0;
await step(
  `talkingHead ${TALL_W}×${TALL_H} (${speech.durationS} s of speech, cold face mesh)`,
  () => engine.video.talkingHead({ image: person, audio: speech.audio, width: TALL_W, height: TALL_H, ...cues }),
  REPEAT,
);
headPeak = Math.max(headPeak, peak);
// What a video job renders (720×1280): the talking head must run at least twice real time.
const [JOB_W, JOB_H] = [px(720), px(1280)];
let headMs = 0;
await step(`talkingHead ${JOB_W}×${JOB_H} (${speech.durationS} s of speech, cues from the speech)`, async () => {
  const t = performance.now();
  const clip = await engine.video.talkingHead({ image: person, audio: speech.audio, width: JOB_W, height: JOB_H, ...cues });
  headMs = performance.now() - t;
  return clip;
});
headPeak = Math.max(headPeak, peak);
// Speech from elsewhere (an upload, a hosted voice): Rhubarb hears the mouth shapes first.
let heardMs = 0;
await step(
  `talkingHead ${JOB_W}×${JOB_H} (${speech.durationS} s of speech, shapes heard by Rhubarb)`,
  async () => {
    const t = performance.now();
    const clip = await engine.video.talkingHead({ image: person, audio: speech.audio, width: JOB_W, height: JOB_H, script: cues.script });
    heardMs = performance.now() - t;
    return clip;
  },
  REPEAT,
);
headPeak = Math.max(headPeak, peak);
// Where a talking head's time goes: the face mesh on the still, the warp per frame.
const mesh = new FaceMesh();
let headTimings = { meshMs: 0, renderMs: 0, frames: 1 };
for (let run = 0; run < (SMOKE ? 1 : 2); run++) {
  await localTalkingHead(
    { image: person, audio: speech.audio, width: JOB_W, height: JOB_H, ...cues },
    { findFaces: (rgb, w, h) => mesh.detect(rgb, w, h), onTimings: (t) => (headTimings = t) },
  );
}
await mesh.close();

const ANIMATE_S = SMOKE ? 1 : 5;
let animated = 0;
await step(`animate ${ANIMATE_S} s ${TALL_W}×${TALL_H} (camera motion)`, async () => {
  const t = performance.now();
  const clip = await engine.video.animate({ image: face, width: TALL_W, height: TALL_H, durationS: ANIMATE_S });
  animated = performance.now() - t;
  return clip;
});

// The same frames (25 a second) encoded by a plain ffmpeg run (the still, looped, same encoder settings): the floor.
const dir = fs.mkdtempSync(join(os.tmpdir(), 'bench-'));
fs.writeFileSync(join(dir, 'still.png'), await sharp(face.data).resize(TALL_W, TALL_H, { fit: 'cover' }).png().toBuffer());
const plain = performance.now();
execFileSync(FFMPEG_PATH, [
  '-loglevel',
  'error',
  '-loop',
  '1',
  '-framerate',
  '25',
  '-i',
  join(dir, 'still.png'),
  '-frames:v',
  String(ANIMATE_S * 25),
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-y',
  join(dir, 'plain.mp4'),
]);
const plainMs = performance.now() - plain;
fs.rmSync(dir, { recursive: true, force: true });

clearInterval(sampler);
console.table(rows);
console.log(
  `local ${ANIMATE_S} s 9:16 section ${Math.round(animated)} ms vs plain ffmpeg encode of the same frames ${Math.round(plainMs)} ms: ratio ${(animated / plainMs).toFixed(2)} (target ≤ 1.2)`,
);
const headRtf = headMs / 1000 / speech.durationS;
console.log(
  `local talking head ${JOB_W}×${JOB_H}: ${Math.round(headMs)} ms for ${speech.durationS} s of speech, real-time factor ${headRtf.toFixed(2)} (${(1 / headRtf).toFixed(1)}× real time; target ≤ 0.5, ratio ${(headRtf / 0.5).toFixed(2)})`,
);
console.log(
  `  with Rhubarb hearing the shapes: ${Math.round(heardMs)} ms, real-time factor ${(heardMs / 1000 / speech.durationS).toFixed(2)}; face mesh on the still ${Math.round(headTimings.meshMs)} ms, warp ${(headTimings.renderMs / headTimings.frames).toFixed(1)} ms per frame (warm)`,
);
console.log(
  `  talking-head section peak RSS ${mb(headPeak)} (the process with every model loaded before it), ${mb(Math.max(0, headPeak - headPeakFrom))} above the RSS it started at`,
);
console.log(
  `local training: a style from 4 photos ${Math.round(styleTrainMs)} ms, a character from 3 photos ${Math.round(characterMs)} ms warm (target ≤ 5000 ms each, ratios ${(styleTrainMs / 5000).toFixed(2)} / ${(characterMs / 5000).toFixed(2)})`,
);
console.log(
  `style application: ${Math.round(applyMs)} ms per ${TALL_W}×${TALL_H} image (target ≤ 1000 ms, ratio ${(applyMs / 1000).toFixed(2)})`,
);
// Captions: the longest script one section may hold, whole process tree.
await benchCaptions();
// Product Studio's scene templates: each at 1080×1350 with the product placed.
await benchScenes();
// The finished ad: from the script to a 9:16 ad, each further format, and forced alignment's error.
await benchAd(engine, person, await benchProduct());
console.log(`peak RSS overall ${mb(Math.max(peak, process.memoryUsage().rss))}`);
await engine.close();
