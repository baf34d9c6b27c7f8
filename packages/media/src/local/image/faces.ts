import sharp from 'sharp';
import type { ImageData } from '../../capabilities.ts';
import { ModelWorker } from '../model-worker.ts';

/** A face found in a picture, in the picture's pixel coordinates (after EXIF orientation). */
export interface Face {
  score: number;
  box: { left: number; top: number; width: number; height: number };
  mouth: { x: number; y: number }[];
  /** The face's 128-number descriptor (asked for with `describe`): near for the same person. */
  descriptor?: number[];
}

/** Euclidean distance of two face descriptors; under DESCRIPTOR_MATCH (constants.ts) it is the same person. */
export const descriptorDistance = (a: readonly number[], b: readonly number[]) => Math.sqrt(a.reduce((t, v, i) => t + (v - b[i]!) ** 2, 0));

/** face-api (SSD MobileNet v1 + 68 landmarks, tfjs WASM) in one worker thread, loaded once, one job at a time. */
export class FaceFinder {
  private readonly worker: ModelWorker<{ rgb: Buffer; width: number; height: number; describe: boolean }, { faces: Face[] }>;

  constructor(private readonly opts: { maxSide?: number; timeoutMs?: number } = {}) {
    this.worker = new ModelWorker(new URL('./faces-worker.mjs', import.meta.url), 'Face detection', opts.timeoutMs);
  }

  /** Faces in an image, largest first. */
  detect(image: ImageData, options: { describe?: boolean } = {}): Promise<Face[]> {
    return this.run(image, options.describe ?? false);
  }

  private async run(image: ImageData, describe: boolean): Promise<Face[]> {
    const maxSide = this.opts.maxSide ?? 640;
    const meta = await sharp(image.data).metadata();
    const fullW = meta.autoOrient?.width ?? meta.width;
    const { data, info } = await sharp(image.data)
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const k = fullW / info.width;
    const { faces } = await this.worker.call({ rgb: data, width: info.width, height: info.height, describe });
    return faces
      .map((f) => ({
        score: f.score,
        box: { left: f.box.left * k, top: f.box.top * k, width: f.box.width * k, height: f.box.height * k },
        mouth: f.mouth.map((p) => ({ x: p.x * k, y: p.y * k })),
        ...(f.descriptor ? { descriptor: f.descriptor } : {}),
      }))
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  }

  close() {
    return this.worker.close();
  }
}
