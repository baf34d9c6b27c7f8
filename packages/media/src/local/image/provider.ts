import { createCanvas, loadImage } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { ImageCapabilities, ImageData, ImageResult, ResultMeta } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { findImageModel, UTILITY_MODELS } from '../../models.ts';
import { nameColour, quotedText, readPrompt, type RGB } from './lexicon.ts';
import { fitWhole } from './reframe.ts';
import { sceneKinds } from './scenes.ts';
import { cutOut, Segmenter, type Segmentation } from './segmenter.ts';
import { canvasToPng, closeSceneWorkers, composeScene, placement, standOn } from './studio.ts';
import { FaceFinder } from './faces.ts';

export interface LocalProviderOptions {
  segmenter?: Segmenter;
  faces?: FaceFinder;
  maxSide?: number;
  maxQueue?: number;
}

const meta = (model: string, started: number): ResultMeta => ({
  provider: 'local',
  model,
  cost: { amount: Math.round((performance.now() - started) / 10) / 100, unit: 'compute_s' },
});
const png = (data: Buffer, width: number, height: number): ImageData => ({ data, mime: 'image/png', width, height });

function checkSize(width: number, height: number, count = 1) {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 16 || height < 16 || width > 4096 || height > 4096)
    throw new MediaError('bad_input', 'The image size is not supported.');
  if (!Number.isInteger(count) || count < 1 || count > 4) throw new MediaError('bad_input', 'The number of images must be 1 to 4.');
}

/**
 * The offline provider. Real work, simpler than hosted models, always tagged `local/…`.
 * Segmentation (imgly 'medium') and face detection (face-api, tfjs WASM) run off the request
 * thread, one at a time, loaded once.
 */
export function createLocalProvider(
  opts: LocalProviderOptions = {},
): ImageCapabilities & { close(): Promise<void>; segment(image: ImageData): Promise<Segmentation> } {
  const segmenter = opts.segmenter ?? new Segmenter({ maxSide: opts.maxSide, maxQueue: opts.maxQueue });
  const faces = opts.faces ?? new FaceFinder();
  // One segmentation per distinct input buffer, kept briefly (a describe + cut-out of one upload share it).
  const cache = new WeakMap<Buffer, Promise<Segmentation>>();
  const segment = (image: ImageData) => {
    let s = cache.get(image.data);
    if (!s) {
      s = segmenter.segment(image);
      cache.set(image.data, s);
      s.catch(() => cache.delete(image.data));
    }
    return s;
  };

  /**
   * A character's person as a cut-out: the reference learned with the character already is one (a
   * PNG with transparency); a photo without transparency is segmented, so the person never arrives
   * as a rectangle with the photo's backdrop.
   */
  const personCutOut = async (person: ImageData) => {
    const m = await sharp(person.data)
      .metadata()
      .catch((e: unknown) => {
        throw new MediaError('bad_input', 'The image could not be read.', { cause: e });
      });
    const cut = m.hasAlpha
      ? { png: person.data, width: m.autoOrient?.width ?? m.width, height: m.autoOrient?.height ?? m.height }
      : await cutOut(person, await segment(person));
    // The mask's faint edge (under 15 %) is the photo's backdrop seen through loose hair: in another
    // scene it reads as a grey haze beside the person, so it goes, and what is nearly opaque becomes so.
    const { data, info } = await sharp(cut.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let i = 3; i < data.length; i += 4) data[i] = Math.max(0, Math.min(255, Math.round((data[i]! - 38) / 0.6)));
    return {
      ...cut,
      png: await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
        .png()
        .toBuffer(),
    };
  };

  return {
    segment,
    async generateImage({ prompt, width, height, count, model, product, person, text, grade }) {
      const t = performance.now();
      checkSize(width, height, count);
      const entry = findImageModel(model);
      if (!entry || entry.capability !== 'generateImage') throw new MediaError('bad_input', 'This model cannot generate images.');
      const typed = text ?? (model === 'ideogram_v3' ? quotedText(prompt) : undefined);
      const cut = product && (await cutOut(product, await segment(product)));
      const personCut = person && (await personCutOut(person));
      const images: ImageData[] = [];
      for (let i = 0; i < count; i++) {
        images.push(
          png(
            await composeScene({
              prompt: variantPrompt(prompt, i, count),
              width,
              height,
              seed: i + 1,
              cutout: cut ?? personCut,
              subject: cut ? 'product' : 'person',
              person: cut && personCut,
              scale: (personCut && cut ? 0.26 : 0.5) + 0.06 * i,
              text: typed,
              grade,
            }),
            width,
            height,
          ),
        );
      }
      return { images, ...meta(entry.local, t) };
    },

    async editImage({ prompt, image, width, height, count, person }) {
      const t = performance.now();
      checkSize(width, height, count);
      const images: ImageData[] = [];
      // With a character, the product and the person share one scene (the prompt's, or the studio's).
      if (person) {
        const [cut, personCut] = [await cutOut(image, await segment(image)), await personCutOut(person)];
        for (let i = 0; i < count; i++) {
          const opts = { prompt: variantPrompt(prompt, i, count), width, height, seed: i + 1, cutout: cut, person: personCut };
          images.push(png(await composeScene({ ...opts, scale: 0.26 + 0.04 * i }), width, height));
        }
        return { images, ...meta('local/imgly-medium-studio', t) };
      }
      // A prompt that names a setting puts the subject, whole, in that set; otherwise the photo is
      // edited as it is (its colours and light), fitted into the frame without cropping.
      if (describesSetting(prompt)) {
        const cut = await cutOut(image, await segment(image));
        for (let i = 0; i < count; i++)
          images.push(
            png(
              await composeScene({ prompt: variantPrompt(prompt, i, count), width, height, seed: i + 1, cutout: cut, scale: 0.7 }),
              width,
              height,
            ),
          );
      } else {
        for (let i = 0; i < count; i++) images.push(png(await applyEdit(image, prompt, width, height, i), width, height));
      }
      return { images, ...meta('local/prompt-edit', t) };
    },

    async replaceBackground({ image, prompt, width, height, count }) {
      const t = performance.now();
      checkSize(width, height, count);
      const cut = await cutOut(image, await segment(image));
      const images: ImageData[] = [];
      for (let i = 0; i < count; i++)
        images.push(png(await composeScene({ prompt, width, height, seed: i + 1, cutout: cut, scale: 0.62 }), width, height));
      return { images, ...meta('local/imgly-medium-studio', t) };
    },

    async removeBackground({ image }) {
      const t = performance.now();
      const seg = await segment(image);
      const cut = await cutOut(image, seg, false);
      return { images: [png(cut.png, cut.width, cut.height)], ...meta(UTILITY_MODELS.removeBackground.local, t) };
    },

    async placeProduct({ prompt, product, scene, width, height }) {
      const t = performance.now();
      checkSize(width, height);
      const cut = await cutOut(product, await segment(product));
      const p = placement(cut, width, height, /\b(large|big|hero)\b/i.test(prompt) ? 0.6 : /\b(small|tiny)\b/i.test(prompt) ? 0.25 : 0.4);
      const photo = await sharp(scene.data).rotate().resize(width, height, { fit: 'cover' }).png().toBuffer();
      const canvas = createCanvas(width, height);
      canvas.getContext('2d').drawImage(await loadImage(photo), 0, 0);
      // A photo's light is unknown: from the left, neutral, and no reflection.
      await standOn(canvas, cut.png, p, { gloss: 0, ambient: [255, 255, 255], lightFrom: -0.6, shadowLength: 0.32 });
      const out = await canvasToPng(canvas);
      return { images: [png(out, width, height)], ...meta('local/imgly-medium-composite', t), placement: p } as ImageResult;
    },

    async virtualTryOn({ person, garment }) {
      const t = performance.now();
      const [pseg, gseg] = [await segment(person), await segment(garment)];
      if (!pseg.box) throw new MediaError('bad_input', 'No person was found in the photo.');
      const found = await faces.detect(person).catch(() => []);
      const W = pseg.width,
        H = pseg.height,
        box = pseg.box;
      // Torso: from below the face (or the top 20 % of the person) down; as wide as the shoulders (≈ 3 face widths).
      const face = found[0]?.box;
      const top = Math.round(face ? face.top + face.height * 1.25 : box.top + box.height * 0.2);
      const wide = Math.round(face ? Math.min(box.width, face.width * 3.2) : box.width * 0.8);
      const cx = face ? face.left + face.width / 2 : box.left + box.width / 2;
      const g = await cutOut(garment, gseg);
      const k = wide / g.width;
      const gw = Math.max(1, wide),
        gh = Math.max(1, Math.min(H - top, Math.round(g.height * k)));
      const left = Math.max(0, Math.min(W - gw, Math.round(cx - gw / 2)));
      const gar = await sharp(g.png).resize(gw, gh, { fit: 'fill' }).png().toBuffer();
      const out = await sharp(person.data)
        .rotate()
        .resize(W, H)
        .composite([{ input: gar, left, top: Math.max(0, Math.min(H - gh, top)) }])
        .png()
        .toBuffer();
      return { images: [png(out, W, H)], ...meta('local/imgly-medium-tryon', t) };
    },

    async upscale({ image, factor }) {
      const t = performance.now();
      if (factor !== 2) throw new MediaError('bad_input', 'Only 2× upscaling is supported.');
      const m = await sharp(image.data)
        .metadata()
        .catch((e: unknown) => {
          throw new MediaError('bad_input', 'The image could not be read.', { cause: e });
        });
      const w = (m.autoOrient?.width ?? m.width) * 2,
        h = (m.autoOrient?.height ?? m.height) * 2;
      if (w > 8192 || h > 8192) throw new MediaError('bad_input', 'The image is too large to upscale.');
      const out = await sharp(image.data)
        .rotate()
        .resize(w, h, { kernel: 'lanczos3' })
        .sharpen({ sigma: 0.8, m1: 0.5, m2: 2 })
        .png()
        .toBuffer();
      return { images: [png(out, w, h)], ...meta(UTILITY_MODELS.upscale.local, t) };
    },

    async describeImage({ image }) {
      const t = performance.now();
      const seg = await segment(image);
      const found = await faces.detect(image).catch(() => []);
      const { width: W, height: H } = seg;
      const parts: string[] = [];
      const subjectColours = await dominantColours(image, seg, true);
      const bgColours = await dominantColours(image, seg, false);
      const orientation = W > H * 1.15 ? 'landscape' : H > W * 1.15 ? 'portrait' : 'square';
      if (found.length)
        parts.push(found.length === 1 ? 'a person with a clearly visible face' : `${found.length} people with visible faces`);
      else if (seg.box) parts.push(`a ${subjectColours.join(' and ')} product`);
      else parts.push(`a ${bgColours.join(' and ')} surface`);
      if (seg.box) {
        const share = (seg.box.width * seg.box.height) / (W * H);
        const framing = share > 0.6 ? 'filling the frame' : share > 0.2 ? 'framed at medium distance' : 'small in the frame';
        const cx = (seg.box.left + seg.box.width / 2) / W;
        const pos = cx < 0.38 ? 'on the left' : cx > 0.62 ? 'on the right' : 'centred';
        parts.push(`${pos}, ${framing}`);
        if (found.length) parts.push(`wearing ${subjectColours[0] ?? 'neutral'} tones`);
        parts.push(seg.coverage < 0.97 ? `against a ${bgColours[0] ?? 'plain'} background` : '');
      }
      const description = (parts.filter(Boolean).join(', ') + `, ${orientation} format`).replace(/^./, (c) => c.toUpperCase()) + '.';
      return { description, ...meta(UTILITY_MODELS.describeImage.local, t) };
    },

    async close() {
      await Promise.all([segmenter.close(), faces.close(), closeSceneWorkers()]);
    },
  };
}

/** Words that name a place or a set, rather than a change of colour or light. */
const SETTING =
  /\b(background|backdrop|scene|setting|studio|on|table|counter|countertop|shelf|podium|outdoors?|forest|garden|beach|room|kitchen|bathroom)\b/i;
export const describesSetting = (prompt: string) => {
  if (SETTING.test(prompt) || sceneKinds(prompt).surface !== 'plain') return true;
  // "Sunlit terracotta tiles with palm leaf shadows" names no place, yet describes a whole set.
  const words = readPrompt(prompt);
  return Boolean(words.material || words.tiled || words.gobo);
};

/**
 * The prompt for variant `i` of `count`: when it names no surface, each variant after the first
 * stands the product on a different one, so a set of results shows different scenes.
 */
const VARIETY = ['', ', on a warm oak wooden table', ', on a pastel podium', ', on mossy stone outdoors'];
export function variantPrompt(prompt: string, i: number, count: number): string {
  if (count < 2 || sceneKinds(prompt).surface !== 'plain' || readPrompt(prompt).colours.length) return prompt;
  return prompt + VARIETY[i % VARIETY.length];
}

/** Prompt-word edits: warm/sunlit/cool/neon/brighter/darker/black-and-white/vintage/contrast/colour tint. */
export async function applyEdit(image: ImageData, prompt: string, width: number, height: number, variant = 0): Promise<Buffer> {
  const w = prompt.toLowerCase();
  let img = sharp(await fitWhole(image, width, height));
  const has = (...xs: string[]) => xs.some((x) => w.includes(x));
  const amount = 1 + variant * 0.08;
  if (has('black and white', 'black-and-white', 'monochrome', 'grayscale', 'greyscale', 'b&w')) img = img.grayscale();
  if (has('brighter', 'bright', 'lighter')) img = img.modulate({ brightness: 1.25 * amount });
  if (has('darker', 'dark', 'moody')) img = img.modulate({ brightness: 0.7 / amount });
  if (has('warm', 'sunset', 'golden'))
    img = img.recomb([
      [1.12, 0.05, 0],
      [0.02, 1.0, 0],
      [0, 0, 0.82],
    ]);
  if (has('sunlit', 'sunny', 'sunlight', 'sunshine'))
    img = img.linear(1.08, 10).recomb([
      [1.08, 0.03, 0],
      [0.01, 1.02, 0],
      [0, 0, 0.9],
    ]);
  if (has('neon'))
    img = img.recomb([
      [1.1, -0.1, 0.15],
      [-0.05, 0.85, 0.1],
      [0.15, -0.05, 1.15],
    ]);
  if (has('cool', 'cold', 'icy'))
    img = img.recomb([
      [0.85, 0, 0],
      [0, 1.0, 0.04],
      [0, 0.05, 1.15],
    ]);
  if (has('vintage', 'retro', 'sepia'))
    img = img.recomb([
      [0.393, 0.769, 0.189],
      [0.349, 0.686, 0.168],
      [0.272, 0.534, 0.131],
    ]);
  if (has('contrast', 'punchy', 'vivid')) img = img.linear(1.25 * amount, -30).modulate({ saturation: 1.2 });
  if (has('soft', 'dreamy', 'blur')) img = img.blur(1.5);
  if (has('sharp', 'crisp', 'detail')) img = img.sharpen({ sigma: 1.2 });
  const named = readPrompt(prompt).colours[0];
  if (named && !has('background')) img = img.tint({ r: named[0], g: named[1], b: named[2] });
  return img.png().toBuffer();
}

/** Up to two dominant colour names of the subject (mask on) or the background (mask off). */
async function dominantColours(image: ImageData, seg: Segmentation, subject: boolean): Promise<string[]> {
  const rgb = await sharp(image.data).rotate().resize(seg.width, seg.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const counts = new Map<string, number>();
  const step = Math.max(1, Math.floor((seg.width * seg.height) / 20000));
  for (let i = 0; i < seg.width * seg.height; i += step) {
    const on = seg.mask[i]! > 127;
    if (on !== subject) continue;
    const c: RGB = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
    const n = nameColour(c);
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .filter(([, n], i) => i === 0 || n > total * 0.2)
    .slice(0, 2)
    .map(([k]) => k);
}
