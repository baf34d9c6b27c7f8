import { IMAGE_MAX_INPUT_PIXELS, Messages } from '@studio/contracts';
import type { ImageData } from '@studio/media';
import { readFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { invalidRequest } from '../../errors.ts';
import { createSlots } from './slots.ts';

/** Decodes running at once in this process; the rest queue (fairly), so uploads cannot starve sign-in. */
export const DECODE_CONCURRENCY = 2;
const DECODE_QUEUE = 64;
export const decodeSlots = createSlots(DECODE_CONCURRENCY, DECODE_QUEUE);

/**
 * Every image the bff reads goes through here: sharp with a pixel limit far below its default,
 * failing on corrupt data, first frame only.
 */
export function openImage(input: string | Buffer): Sharp {
  return sharp(input, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error', animated: false });
}

/** Runs `work` on an opened image inside one of the process's decode slots. */
export function decodeImage<T>(input: string | Buffer, work: (image: Sharp) => Promise<T>): Promise<T> {
  return decodeSlots.run(() => work(openImage(input)));
}

/**
 * Reads an image's header (no pixels are decoded): its size, refused past the pixel limit.
 * `typeMessage` answers a file whose header does not read as an image.
 */
export async function checkImageHeader(input: string | Buffer, typeMessage: string): Promise<{ width: number; height: number }> {
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) throw invalidRequest(typeMessage);
  if (metadata.width * metadata.height > IMAGE_MAX_INPUT_PIXELS) throw invalidRequest(Messages.imageTooManyPixels);
  return { width: metadata.width, height: metadata.height };
}

const ENGINE_MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
type EngineFormat = keyof typeof ENGINE_MIME;

/** An accepted image is written again in its own format: PNG keeps its alpha, JPEG and WebP stay near-lossless. */
const REENCODE: Record<EngineFormat, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }),
  png: (image) => image.png(),
  webp: (image) => image.webp({ quality: 92, alphaQuality: 100 }),
};

/**
 * The one door for images that come from outside (every upload route, store downloads, section
 * images of a video): the whole image is decoded (a truncated or corrupt one is refused with
 * `typeMessage`), turned upright by its EXIF orientation, and written again from its pixels. What
 * is kept is what the image shows: no trailing bytes (a valid 8×8 PNG padded with megabytes of
 * junk stores as a few hundred bytes) and no metadata (sharp writes none unless asked: EXIF with
 * GPS, XMP, comments all go). JPEG, PNG and WebP keep their format; `encode` writes another
 * (the avatar's 96×96 JPEG, which also takes GIF).
 */
export function acceptImage(input: string | Buffer, typeMessage: string, encode?: (upright: Sharp) => Sharp): Promise<ImageData> {
  return decodeImage(input, async (image) => {
    const metadata = await image.metadata().catch(() => null);
    const format = metadata?.format as EngineFormat | undefined;
    const known = format !== undefined && format in ENGINE_MIME;
    if (!metadata?.width || !metadata.height || (!known && !encode)) throw invalidRequest(typeMessage);
    try {
      const upright = image.rotate();
      const { data, info } = await (encode ? encode(upright) : REENCODE[format!](upright)).toBuffer({ resolveWithObject: true });
      return { data, mime: ENGINE_MIME[info.format as EngineFormat] ?? `image/${info.format}`, width: info.width, height: info.height };
    } catch {
      throw invalidRequest(typeMessage);
    }
  });
}

/**
 * A stored image (accepted by `acceptImage`, or made by the engine) as the media engine takes it, upright: a photo whose EXIF says
 * it is rotated is turned once here, so every capability sees what the user saw.
 */
export function readImageData(input: string | Buffer, typeMessage: string): Promise<ImageData> {
  return decodeImage(input, async (image) => {
    const metadata = await image.metadata().catch(() => null);
    const format = metadata?.format as keyof typeof ENGINE_MIME | undefined;
    if (!metadata?.width || !metadata.height || !format || !(format in ENGINE_MIME)) throw invalidRequest(typeMessage);
    const upright = !metadata.orientation || metadata.orientation === 1;
    try {
      if (upright) {
        const data = typeof input === 'string' ? await readFile(input) : input;
        return { data, mime: ENGINE_MIME[format], width: metadata.width, height: metadata.height };
      }
      const { data, info } = await image.rotate().png().toBuffer({ resolveWithObject: true });
      return { data, mime: 'image/png', width: info.width, height: info.height };
    } catch {
      throw invalidRequest(typeMessage);
    }
  });
}
