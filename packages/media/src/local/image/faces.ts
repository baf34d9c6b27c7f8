import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { ImageData } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';

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
  private worker: Worker | null = null;
  private seq = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly pending = new Map<number, { resolve: (f: Face[]) => void; reject: (e: Error) => void }>();

  constructor(private readonly opts: { maxSide?: number; timeoutMs?: number } = {}) {}

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./faces-worker.mjs', import.meta.url));
    w.unref();
    w.on('message', (m: { id: number; faces?: Face[]; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.faces) p.resolve(m.faces);
      else p.reject(new MediaError('upstream', 'Face detection failed.', { cause: m.error }));
    });
    w.on('exit', () => {
      this.worker = null;
      for (const p of this.pending.values()) p.reject(new MediaError('unavailable', 'Face detection is unavailable.'));
      this.pending.clear();
    });
    this.worker = w;
    return w;
  }

  /** Faces in an image, largest first. */
  detect(image: ImageData, options: { describe?: boolean } = {}): Promise<Face[]> {
    const run = this.chain.then(() => this.run(image, options.describe ?? false));
    this.chain = run.catch(() => undefined);
    return run;
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
    const id = ++this.seq;
    const w = this.ensure();
    const faces = await new Promise<Face[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new MediaError('timeout', 'Face detection took too long.'));
      }, this.opts.timeoutMs ?? 60_000);
      this.pending.set(id, {
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      w.postMessage({ id, rgb: data, width: info.width, height: info.height, describe });
    });
    return faces
      .map((f) => ({
        score: f.score,
        box: { left: f.box.left * k, top: f.box.top * k, width: f.box.width * k, height: f.box.height * k },
        mouth: f.mouth.map((p) => ({ x: p.x * k, y: p.y * k })),
        ...(f.descriptor ? { descriptor: f.descriptor } : {}),
      }))
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  }

  async close() {
    await this.worker?.terminate();
    this.worker = null;
  }
}
