import sharp from 'sharp';
import type { ImageData } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';

/** Longest side a reframed image may have. */
const MAX_SIDE = 4096;

/**
 * A photo brought to another aspect ratio (`ratio` = width / height). `crop` keeps the largest
 * part of that shape, chosen where the detail is (sharp's attention strategy); `extend` keeps the
 * whole photo and grows the canvas around it with a fill that continues it (see `fitWhole`).
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
 * The whole image inside `width`×`height` (its `inset` share of it): as large as fits, centred, and
 * nothing of it cut. The rest of the frame continues the picture: the photo mirrored outwards (so
 * what lies beside its edge is what was at its edge, never an edge pixel stretched into streaks),
 * blurred more the farther it lies from the photo, and drawn toward the photo's mean colour and a
 * little darker with distance, so repeats of the mirror fade out. The photo's own border is
 * feathered into that fill over a few pixels, so no seam shows. A PNG.
 */
export async function fitWhole(image: ImageData, width: number, height: number, inset = 1): Promise<Buffer> {
  const photo = await sharp(image.data)
    .rotate()
    .resize(Math.round(width * inset), Math.round(height * inset), { fit: 'inside' })
    // A cut-out's transparent parts become white, as it would be shown on a page.
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((e: unknown) => {
      throw new MediaError('bad_input', 'The image could not be read.', { cause: e });
    });
  const { width: pw, height: ph } = photo.info;
  const left = Math.round((width - pw) / 2),
    top = Math.round((height - ph) / 2);
  const raw = { raw: { width, height, channels: 3 as const } };
  if (pw === width && ph === height)
    return sharp(photo.data, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
  const mirrored = await sharp(photo.data, { raw: { width: pw, height: ph, channels: 3 } })
    .extend({ top, bottom: height - ph - top, left, right: width - pw - left, extendWith: 'mirror' })
    .raw()
    .toBuffer();
  // The fill is all blur, so it is made on a copy at most 360 pixels across and scaled back up: the
  // same look for a fraction of the work, none of it on this thread beyond a few thousand pixels.
  const side = Math.max(width, height);
  const k = Math.min(1, 360 / side);
  const sw = Math.max(1, Math.round(width * k)),
    sh = Math.max(1, Math.round(height * k));
  const small = { raw: { width: sw, height: sh, channels: 3 as const } };
  const copy = await sharp(mirrored, raw).resize(sw, sh, { fit: 'fill' }).raw().toBuffer();
  const blurAt = (sigma: number) =>
    sharp(copy, small)
      .blur(Math.max(0.5, sigma * k))
      .raw()
      .toBuffer();
  const [near, far] = await Promise.all([blurAt(side / 90), blurAt(side / 22)]);
  const mean = [0, 1, 2].map((c) => {
    let sum = 0;
    for (let i = c; i < copy.length; i += 3) sum += copy[i]!;
    return sum / (sw * sh);
  });
  const smooth = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));
  // Farther from the photo: a wider blur, then its mean colour, a little darker.
  const reach = Math.max(left, top, width - pw - left, height - ph - top, 1);
  const fill = Buffer.alloc(sw * sh * 3);
  for (let y = 0; y < sh; y++) {
    const fy = (y + 0.5) / k;
    const dy = fy < top ? top - fy : fy > top + ph ? fy - top - ph : 0;
    for (let x = 0; x < sw; x++) {
      const fx = (x + 0.5) / k;
      const dx = fx < left ? left - fx : fx > left + pw ? fx - left - pw : 0;
      const d = Math.sqrt(dx * dx + dy * dy) / reach;
      const t = smooth(d),
        toFar = smooth(d * 3),
        dim = 1 - 0.1 * t;
      const i = (y * sw + x) * 3;
      for (let c = 0; c < 3; c++) {
        const blurred = near[i + c]! + (far[i + c]! - near[i + c]!) * toFar;
        fill[i + c] = (blurred + (mean[c]! - blurred) * 0.55 * t) * dim + 0.5;
      }
    }
  }
  // The photo, its border feathered over a few pixels into the fill beneath.
  const feather = Math.max(1, Math.round(Math.min(pw, ph) * 0.025));
  const ramp = (n: number) => Uint8Array.from({ length: n }, (_, i) => 128 + 127 * smooth(Math.min(i, n - 1 - i) / feather));
  const across = ramp(pw),
    down = ramp(ph);
  const alpha = Buffer.alloc(pw * ph);
  for (let y = 0; y < ph; y++) for (let x = 0; x < pw; x++) alpha[y * pw + x] = Math.min(across[x]!, down[y]!);
  const feathered = await sharp(photo.data, { raw: { width: pw, height: ph, channels: 3 } })
    .joinChannel(alpha, { raw: { width: pw, height: ph, channels: 1 } })
    .png()
    .toBuffer();
  return sharp(fill, small)
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .composite([{ input: feathered, left, top }])
    .removeAlpha()
    .png()
    .toBuffer();
}
