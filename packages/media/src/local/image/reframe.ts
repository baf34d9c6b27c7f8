import sharp from 'sharp';
import type { ImageData } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';

/** Longest side a reframed image may have. */
const MAX_SIDE = 4096;

/**
 * A photo brought to another aspect ratio (`ratio` = width / height). `crop` keeps the largest
 * part of that shape, chosen where the detail is (sharp's attention strategy); `extend` keeps the
 * whole photo and grows the canvas with a blurred, dimmed copy of it, so the frame looks continuous.
 */
export async function reframeImage(image: ImageData, ratio: number, fit: 'crop' | 'extend'): Promise<ImageData> {
  if (!(ratio > 0) || !Number.isFinite(ratio)) throw new MediaError('bad_input', 'The aspect ratio is not supported.');
  const { width: w, height: h } = image;
  let width: number, height: number;
  if (fit === 'crop') [width, height] = w / h > ratio ? [h * ratio, h] : [w, w / ratio];
  else [width, height] = w / h > ratio ? [w, w / ratio] : [h * ratio, h];
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  width = Math.max(16, Math.round(width * scale));
  height = Math.max(16, Math.round(height * scale));
  const source = sharp(image.data).rotate();
  if (fit === 'crop') {
    const data = await source.resize(width, height, { fit: 'cover', position: sharp.strategy.attention }).png().toBuffer();
    return { data, mime: 'image/png', width, height };
  }
  return { data: await fitWhole(image, width, height), mime: 'image/png', width, height };
}

/**
 * The whole image inside `width`×`height` (its `inset` share of it): as large as fits, centred, the rest of the frame a
 * blurred, dimmed copy of it, so the frame looks continuous and nothing of the picture is cut. A PNG.
 */
export async function fitWhole(image: ImageData, width: number, height: number, inset = 1): Promise<Buffer> {
  const source = sharp(image.data).rotate();
  const [backdrop, photo] = await Promise.all([
    source
      .clone()
      .resize(width, height, { fit: 'cover' })
      .blur(Math.max(8, Math.round(Math.max(width, height) / 40)))
      .modulate({ brightness: 0.9 })
      .png()
      .toBuffer(),
    source
      .clone()
      .resize(Math.round(width * inset), Math.round(height * inset), { fit: 'inside' })
      .png()
      .toBuffer({ resolveWithObject: true }),
  ]);
  return sharp(backdrop)
    .composite([
      {
        input: photo.data,
        left: Math.round((width - photo.info.width) / 2),
        top: Math.round((height - photo.info.height) / 2),
      },
    ])
    .png()
    .toBuffer();
}
