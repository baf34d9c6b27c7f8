/**
 * The pictures in the README's media section, made by the local engine from a product photo:
 * Product Studio's four scene templates (Replace background, the real path: segmentation, set,
 * placement), a talking head's still beside one of its frames, and a finished ad in its three formats
 * (a spoken line, the product shot, the end card). Run: npx tsx packages/media/bench/docs-images.ts
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { SCENE_TEMPLATES } from '@studio/contracts';
import { createMediaEngine, ensureMusicLibrary, MUSIC_LIBRARY_DIR, MUSIC_TRACKS, musicFileName, type ImageData } from '../src/index.ts';
import { runFfmpeg } from '../src/local/ffmpeg.ts';

const require = createRequire(import.meta.url);
const demo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

const out = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/media');
fs.mkdirSync(out, { recursive: true });

/** A perfume bottle photographed on a grey sweep: amber glass, a gold cap, a cream label. */
const PHOTO = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000">
<defs>
<linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9d9d6"/><stop offset="1" stop-color="#bdbdb9"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7a3f12"/><stop offset=".22" stop-color="#d98a2b"/><stop offset=".35" stop-color="#f6c36a"/><stop offset=".6" stop-color="#c2701f"/><stop offset="1" stop-color="#5c2c0a"/></linearGradient>
<linearGradient id="gold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8a6a1c"/><stop offset=".4" stop-color="#f2d27a"/><stop offset="1" stop-color="#6e5212"/></linearGradient>
</defs>
<rect width="800" height="1000" fill="url(#sweep)"/>
<rect x="340" y="250" width="120" height="120" rx="10" fill="url(#gold)"/>
<rect x="375" y="360" width="50" height="40" fill="#b58a2a"/>
<rect x="230" y="395" width="340" height="420" rx="48" fill="url(#glass)"/>
<rect x="262" y="420" width="26" height="360" rx="13" fill="#fff" opacity=".35"/>
<rect x="300" y="540" width="200" height="150" rx="8" fill="#f4ecdc"/>
<text x="400" y="610" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="36" fill="#3b2a14">AMBRE</text>
<text x="400" y="650" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="16" letter-spacing="4" fill="#6b5633">EAU DE PARFUM</text>
</svg>`;

const engine = createMediaEngine();
try {
  const data = await sharp(Buffer.from(PHOTO)).jpeg({ quality: 92 }).toBuffer();
  const product: ImageData = { data, mime: 'image/jpeg', width: 800, height: 1000 };
  for (const t of SCENE_TEMPLATES) {
    const r = await engine.replaceBackground({ image: product, prompt: t.prompt, width: 1080, height: 1350, count: 1 });
    await sharp(r.images[0]!.data)
      .resize(540, 675)
      .jpeg({ quality: 82 })
      .toFile(join(out, `scene-${t.id}.jpg`));
    console.log(`scene-${t.id}.jpg (${r.model})`);
  }

  // A talking head: a portrait from face-api's demo photos speaking a line in a preset voice; the
  // frame where the mouth is open widest, beside the still.
  const still = await sharp(join(demo, 'sample3.jpg'))
    .extract({ left: 900, top: 30, width: 600, height: 800 })
    .jpeg({ quality: 92 })
    .toBuffer();
  const person: ImageData = { data: still, mime: 'image/jpeg', width: 600, height: 800 };
  const speech = await engine.speech.textToSpeech({
    text: 'Honestly? This is the only serum I have finished.',
    voice: { id: 'studioUgcTwo' },
    settings: { stability: 0.5, similarityBoost: 0.75, style: 0, speed: 1, useSpeakerBoost: false },
  });
  const clip = await engine.video.talkingHead({
    image: person,
    audio: speech.audio,
    mouthCues: speech.mouthCues,
    width: 540,
    height: 720,
  });
  const widest = speech.mouthCues?.find((c) => c.shape === 'D') ?? speech.mouthCues?.find((c) => c.shape === 'C');
  const at = widest ? (widest.start + widest.end) / 2 : speech.durationS / 2;
  const dir = fs.mkdtempSync(join(os.tmpdir(), 'docs-'));
  fs.writeFileSync(join(dir, 'clip.mp4'), clip.video);
  const frame = await runFfmpeg(
    ['-ss', at.toFixed(2), '-i', join(dir, 'clip.mp4'), '-frames:v', '1', '-f', 'image2', '-c:v', 'png', 'pipe:1'],
    Buffer.alloc(0),
  );
  fs.rmSync(dir, { recursive: true, force: true });
  const before = await sharp(still).resize(540, 720).png().toBuffer();
  // Composed first, then scaled (sharp would scale the canvas before compositing onto it).
  const pair = await sharp({ create: { width: 1080, height: 720, channels: 3, background: '#ffffff' } })
    .composite([
      { input: before, left: 0, top: 0 },
      { input: frame, left: 540, top: 0 },
    ])
    .png()
    .toBuffer();
  await sharp(pair).resize(720, 480).jpeg({ quality: 84 }).toFile(join(out, 'talking-head.jpg'));
  console.log(`talking-head.jpg (${clip.model}, frame at ${at.toFixed(2)} s)`);

  // A finished ad: the line above, the product shot after it, the end card; one frame of each, per format.
  const tall = await engine.video.talkingHead({
    image: person,
    audio: speech.audio,
    mouthCues: speech.mouthCues,
    width: 720,
    height: 1280,
    durationS: speech.durationS + 3,
  });
  // The product shot is drawn at each format's own size (its set extends; the product is never cropped).
  const shotAt = async (width: number, height: number) =>
    engine.video.productShot({ productImage: product.data, scene: 'marble', motion: 'push-in', durationS: 3, width, height });
  const shot = await shotAt(720, 1280);
  const shotFormats = {
    '1:1': await engine.video.withSilence((await shotAt(720, 720)).video),
    '16:9': await engine.video.withSilence((await shotAt(1280, 720)).video),
  };
  const bed = MUSIC_TRACKS.find((t) => t.mood === 'upbeat')!;
  await ensureMusicLibrary(MUSIC_LIBRARY_DIR);
  const formats = await engine.video.finishAd({
    sections: [
      { video: tall.video, durationS: tall.durationS, words: speech.words ?? [], captioned: true },
      { video: await engine.video.withSilence(shot.video), durationS: 3, words: [], captioned: false, formats: shotFormats },
    ],
    width: 720,
    height: 1280,
    formats: [
      { aspectRatio: '9:16', width: 720, height: 1280 },
      { aspectRatio: '1:1', width: 720, height: 720 },
      { aspectRatio: '16:9', width: 1280, height: 720 },
    ],
    captionStyle: 'bold-pop',
    tightCuts: true,
    highlight: '#ffd60a',
    endCard: {
      productCutout: shot.cutout.png,
      ctaText: 'Shop the serum',
      ctaUrl: 'https://example.com',
      colors: { primary: '#2b1d3a', secondary: '#f2a541' },
      fontId: 'montserrat',
    },
    music: { audio: join(MUSIC_LIBRARY_DIR, musicFileName(bed)), volume: 0.5, seamlessLoop: true },
  });
  const said = speech.words?.[Math.min(2, (speech.words?.length ?? 1) - 1)];
  const lineAt = said ? (said.start + said.end) / 2 : 1;
  const ROW = 360;
  const rows: Buffer[] = [];
  for (const f of formats) {
    const file = join(fs.mkdtempSync(join(os.tmpdir(), 'docs-ad-')), 'ad.mp4');
    fs.writeFileSync(file, f.video);
    const cells = await Promise.all(
      [lineAt, f.durationS - 2.5 - 1.5, f.durationS - 0.2].map(async (t) => {
        const png = await runFfmpeg(
          ['-ss', t.toFixed(2), '-i', file, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', 'pipe:1'],
          Buffer.alloc(0),
        );
        return sharp(png).resize({ height: ROW }).png().toBuffer();
      }),
    );
    const width = Math.round((ROW * f.width) / f.height);
    rows.push(
      await sharp({ create: { width: width * 3 + 16, height: ROW, channels: 3, background: '#ffffff' } })
        .composite(cells.map((input, i) => ({ input, left: i * (width + 8), top: 0 })))
        .png()
        .toBuffer(),
    );
  }
  const sheetWidth = Math.max(...(await Promise.all(rows.map(async (r) => (await sharp(r).metadata()).width))));
  await sharp({ create: { width: sheetWidth, height: rows.length * (ROW + 12), channels: 3, background: '#ffffff' } })
    .composite(rows.map((input, i) => ({ input, left: 0, top: i * (ROW + 12) })))
    .jpeg({ quality: 82 })
    .toFile(join(out, 'finished-ad.jpg'));
  console.log(`finished-ad.jpg (${formats.map((f) => `${f.aspectRatio} ${f.durationS.toFixed(1)} s`).join(', ')})`);
} finally {
  await engine.close();
}
