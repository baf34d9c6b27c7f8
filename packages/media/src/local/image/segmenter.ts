import sharp from 'sharp';
import { MediaError } from '../../errors.ts';
import { ModelWorker } from '../model-worker.ts';
import type { ImageData } from '../../capabilities.ts';

/** A segmentation: the alpha mask at the input's size and the subject's bounding box in it. */
export interface Segmentation {
  width: number;
  height: number;
  /** One byte per pixel, 0 = background, 255 = subject. */
  mask: Buffer;
  box: { left: number; top: number; width: number; height: number } | null;
  /** Share of the picture the subject covers, 0..1. */
  coverage: number;
}

/**
 * Runs the imgly 'medium' model in one worker thread: loaded once, one job at a time, a bounded
 * queue (a full queue answers `unavailable`). Inputs are downscaled to ≤ `maxSide` before
 * segmentation and the mask is scaled back.
 */
export class Segmenter {
  private readonly worker: ModelWorker<{ png: Buffer }, { png: Uint8Array }>;
  private queued = 0;

  constructor(private readonly opts: { maxSide?: number; maxQueue?: number; timeoutMs?: number } = {}) {
    this.worker = new ModelWorker(new URL('./segment-worker.mjs', import.meta.url), 'Background removal', opts.timeoutMs ?? 120_000);
  }

  /** Segments an image; queued behind earlier jobs. */
  segment(image: ImageData): Promise<Segmentation> {
    if (this.queued >= (this.opts.maxQueue ?? 8)) {
      return Promise.reject(new MediaError('unavailable', 'The studio is busy; try again shortly.'));
    }
    this.queued++;
    return this.run(image).finally(() => {
      this.queued--;
    });
  }

  private async run(image: ImageData): Promise<Segmentation> {
    const maxSide = this.opts.maxSide ?? 1024;
    const meta = await sharp(image.data)
      .metadata()
      .catch((e: unknown) => {
        throw new MediaError('bad_input', 'The image could not be read.', { cause: e });
      });
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    const small = await sharp(image.data)
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    const cut = Buffer.from((await this.worker.call({ png: small })).png);
    const mask = await sharp(cut).extractChannel(3).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer();
    return { width, height, mask, ...boxOf(mask, width, height) };
  }

  /** Stops the worker (the model is unloaded). */
  close() {
    return this.worker.close();
  }
}

function boxOf(mask: Buffer, width: number, height: number) {
  let minX = width,
    minY = height,
    maxX = -1,
    maxY = -1,
    on = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x]! > 127) {
        on++;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  const box = maxX < 0 ? null : { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
  return { box, coverage: on / (width * height) };
}

/** The RGBA cut-out of an image with a segmentation's mask, cropped to the subject box. */
export async function cutOut(image: ImageData, seg: Segmentation, crop = true): Promise<{ png: Buffer; width: number; height: number }> {
  const rgb = await sharp(image.data).rotate().resize(seg.width, seg.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  let img = sharp(rgb, { raw: { width: seg.width, height: seg.height, channels: 3 } }).joinChannel(seg.mask, {
    raw: { width: seg.width, height: seg.height, channels: 1 },
  });
  let w = seg.width,
    h = seg.height;
  if (crop && seg.box) {
    img = sharp(await img.png().toBuffer()).extract(seg.box);
    w = seg.box.width;
    h = seg.box.height;
  }
  return { png: await img.png().toBuffer(), width: w, height: h };
}
