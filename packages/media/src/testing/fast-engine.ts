/**
 * An instant, deterministic media engine for the bff's HTTP tests (DESIGN decision 13): the same
 * `MediaEngine` type, answering real, decodable files of the requested size and duration — so
 * sizes, durations, storage, credits and refunds stay testable — without segmentation models, face
 * models or full video renders. What the real engine makes is tested in this package, in the crash
 * test and in one Playwright test per media kind. Never used outside tests.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageData, ImageResult, MediaEngine, ResultMeta, VideoCapabilities, VideoResult, WordTiming } from '../capabilities.ts';
import { runFfmpeg } from '../local/ffmpeg.ts';
import { closeLocalSpeech, localCloneVoice, localTextToSpeech } from '../local/speech/espeak.ts';
import { localConcat, localPosterFrame, localWithSilence, localWithSound, VIDEO_FPS } from '../local/video/clips.ts';
import { remapWords, spansDuration, spreadWords, tightSpans } from '../local/video/cuts.ts';
import { END_CARD_S } from '../local/video/render-end-card.ts';
import { MediaError } from '../errors.ts';
import { NO_FACE } from '../local/image/constants.ts';
import { applyGrade } from '../local/image/grade.ts';

const meta = (capability: string): ResultMeta => ({
  provider: 'local',
  model: `local/fast-${capability}`,
  cost: { amount: 0, unit: 'compute_s' },
});

/** A colour that depends only on the input, so answers are deterministic. */
function colourOf(seed: string): { r: number; g: number; b: number } {
  const [r = 0, g = 0, b = 0] = createHash('sha256').update(seed).digest();
  return { r, g, b };
}

async function solid(seed: string, width: number, height: number): Promise<ImageData> {
  const data = await sharp({ create: { width, height, channels: 3, background: colourOf(seed) } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { data, mime: 'image/png', width, height };
}

/** The input image at a size (covering it), as a PNG; fails like the real engine on unreadable input. */
async function resized(image: ImageData, width: number, height: number, alpha = false): Promise<ImageData> {
  let pipeline = sharp(image.data).rotate().resize(width, height, { fit: 'cover' });
  if (alpha) pipeline = pipeline.ensureAlpha();
  const data = await pipeline
    .png({ compressionLevel: 1 })
    .toBuffer()
    .catch(() => {
      throw new MediaError('bad_input', 'This image could not be read.');
    });
  return { data, mime: 'image/png', width, height };
}

const many = async (count: number, make: (i: number) => Promise<ImageData>) =>
  Promise.all(Array.from({ length: count }, (_, i) => make(i)));

/** Every clip's sound is AAC 44.1 kHz mono and its picture H.264 at VIDEO_FPS, as the real engine's, so clips join by copy. */
async function clip(seed: string, width: number, height: number, durationS: number, audio?: Buffer): Promise<VideoResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-fast-video-'));
  try {
    const out = path.join(dir, 'out.mp4');
    const { r, g, b } = colourOf(seed);
    const colour = `0x${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    // Speech shorter than the clip is followed by silence.
    const sound = audio ? ['-i', 'pipe:0', '-af', 'apad'] : ['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'];
    await runFfmpeg(
      [
        ...['-f', 'lavfi', '-i', `color=c=${colour}:s=${width}x${height}:r=${VIDEO_FPS}:d=${durationS}`],
        ...sound,
        ...['-t', String(durationS), '-map', '0:v', '-map', '1:a'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-ar', '44100', '-ac', '1'],
        ...['-movflags', '+faststart', '-y', out],
      ],
      audio ?? Buffer.alloc(0),
    );
    return { video: await fs.readFile(out), mime: 'video/mp4', width, height, durationS, ...meta('video') };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** How long an audio lasts (ffmpeg decodes it; a clip with speech lasts as long as its speech). */
async function audioSeconds(audio: Buffer): Promise<number> {
  const pcm = await runFfmpeg(['-i', 'pipe:0', '-vn', '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'], audio);
  return Math.max(0.2, pcm.length / 2 / 8000);
}

/** A 128-number descriptor from an image's bytes: the same photo always gives the same person. */
function descriptorOf(image: ImageData): number[] {
  const digest = createHash('sha512').update(image.data).digest();
  return Array.from({ length: 128 }, (_, i) => digest[i % digest.length]! / 255);
}

/** A picture of one colour and nothing else. */
async function isFlat(image: ImageData): Promise<boolean> {
  const { channels } = await sharp(image.data).stats();
  return channels.every((c) => c.min === c.max);
}

/** The fast test engine (see the file comment). */
export function createFastMediaEngine(): MediaEngine {
  const images = async (capability: string, list: Promise<ImageData[]>): Promise<ImageResult> => ({
    images: await list,
    ...meta(capability),
  });
  const video: VideoCapabilities = {
    provider: 'local',
    speaksFromStill: true,
    imageToVideo: ({ image, width, height, durationS }) => clip(image.data.toString('base64', 0, 64), width, height, durationS),
    // Like the local engine: the clip lasts its audio, or durationS if longer (audio + 3 s with lip-sync).
    lipSync: async ({ audio, width, height, durationS }) =>
      clip('lip-sync', width, height, Math.max(await audioSeconds(audio), durationS), audio),
    animate: ({ image, width, height, durationS }) => clip(image.data.toString('base64', 0, 64), width, height, durationS),
    talkingHead: async ({ audio, width, height, durationS }) =>
      clip('talking-head', width, height, Math.max(await audioSeconds(audio), durationS ?? 0), audio),
    concat: localConcat,
    posterFrame: localPosterFrame,
    withSilence: localWithSilence,
    withSound: localWithSound,
    normalize: async (clipBytes) => clipBytes,
    burnCaptions: async ({ video: clipBytes }) => clipBytes,
    // The product's photo as its own cut-out (no segmentation), a solid clip of the shot's size and length.
    productShot: async ({ productImage, width, height, durationS }) => {
      const png = await sharp(productImage)
        .ensureAlpha()
        .png({ compressionLevel: 1 })
        .toBuffer()
        .catch(() => {
          throw new MediaError('bad_input', 'This image could not be read.');
        });
      const { width: w = 1, height: h = 1 } = await sharp(png).metadata();
      const mask = await sharp(png).extractChannel('alpha').png().toBuffer();
      const made = await clip(`product-${png.length}`, width, height, durationS);
      return { ...made, cutout: { png, mask, width: w, height: h } };
    },
    // The real cut plan (pure arithmetic) decides the length and the words' times; the picture is a solid clip of each format.
    finishAd: async ({ sections, formats, tightCuts, endCard, onProgress }) => {
      await onProgress?.({ format: null, done: 0, total: 1 + formats.length });
      const words: WordTiming[] = [];
      let durationS = 0;
      for (const section of sections) {
        const spans =
          tightCuts && !section.keepLength ? tightSpans(section.words, section.durationS) : [{ start: 0, end: section.durationS }];
        if (section.captioned) {
          for (const w of remapWords(section.words, spans))
            words.push({ text: w.text, start: w.start + durationS, end: w.end + durationS });
        }
        durationS += spansDuration(spans);
      }
      if (endCard) durationS += END_CARD_S;
      // One format after another, as the local engine makes them (its stages are told in order).
      const made = [];
      for (const [i, { aspectRatio, width, height }] of formats.entries()) {
        await onProgress?.({ format: aspectRatio, done: 1 + i, total: 1 + formats.length });
        const { video: file } = await clip(`ad-${aspectRatio}`, width, height, durationS);
        made.push({ aspectRatio, width, height, video: file, poster: await localPosterFrame(file), durationS, words });
      }
      return made;
    },
  };
  return {
    // A solid picture is all scene: a scene's colour grade applies to the whole of it.
    generateImage: ({ prompt, width, height, count, grade }) =>
      images(
        'generate',
        many(count, async (i) => {
          const scene = await solid(`${prompt}#${i}`, width, height);
          return grade ? applyGrade(scene, grade.grade, grade.strength) : scene;
        }),
      ),
    editImage: ({ image, width, height, count }) =>
      images(
        'edit',
        many(count, () => resized(image, width, height)),
      ),
    replaceBackground: ({ image, width, height, count }) =>
      images(
        'replace-background',
        many(count, () => resized(image, width, height)),
      ),
    removeBackground: ({ image }) =>
      images(
        'remove-background',
        resized(image, image.width, image.height, true).then((i) => [i]),
      ),
    placeProduct: ({ scene, width, height }) =>
      images(
        'place',
        resized(scene, width, height).then((i) => [i]),
      ),
    virtualTryOn: ({ person }) =>
      images(
        'try-on',
        resized(person, person.width, person.height).then((i) => [i]),
      ),
    upscale: ({ image }) =>
      images(
        'upscale',
        resized(image, image.width * 2, image.height * 2).then((i) => [i]),
      ),
    describeImage: async ({ image }) => ({ description: `A product photo, ${image.width}×${image.height}.`, ...meta('describe') }),
    speech: {
      name: 'local',
      // Local speech and voice matching are quick (flite and espeak-ng in speech child processes, a pitch analysis), so they stay real.
      textToSpeech: localTextToSpeech,
      cloneVoice: localCloneVoice,
      listVoices: () => Promise.resolve([]),
      getVoice: () => Promise.resolve(null),
    },
    video,
    // Words spread over the recording by their length: plausible times at once, where the real
    // aligner speaks the script and warps (tested in this package).
    alignWords: async ({ audio, text }) => {
      const durationS = await audioSeconds(audio).catch(() => {
        throw new MediaError('bad_input', 'This audio file could not be read.');
      });
      return spreadWords(text, durationS);
    },
    routes: {
      generateImage: 'local',
      editImage: 'local',
      replaceBackground: 'local',
      removeBackground: 'local',
      placeProduct: 'local',
      virtualTryOn: 'local',
      upscale: 'local',
      describeImage: 'local',
    },
    learnCharacter: async (photos) => {
      // No face model here: a photo of one flat colour is the one that shows no face.
      for (const photo of photos) if (await isFlat(photo)) throw new MediaError('bad_input', NO_FACE);
      return { descriptor: descriptorOf(photos[0]!), reference: await resized(photos[0]!, 256, 256, true) };
    },
    characterDistance: async (descriptor, image) => {
      const other = descriptorOf(image);
      return Math.sqrt(descriptor.reduce((sum, v, i) => sum + (v - other[i]!) ** 2, 0));
    },
    close: closeLocalSpeech,
  };
}
