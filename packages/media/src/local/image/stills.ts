/**
 * The still-image helpers the bff calls outside the engine (reframing, colour grades, sample
 * images), run in a small pool of worker threads (`stills-worker.mjs`): their per-pixel loops would
 * otherwise hold the thread that answers HTTP (DESIGN decision 18). Importing `@studio/media` loads
 * none of them, nor sharp; the pool starts with the first call. A `MediaError` keeps its kind.
 */
import type { ImageData } from '../../capabilities.ts';
import { rebuiltError, type SentError } from '../../errors.ts';
import { WorkerPool } from '../model-worker.ts';
import type * as Character from './character.ts';
import type * as Grade from './grade.ts';
import type * as Reframe from './reframe.ts';
import type * as StyleSample from './style-sample.ts';

type Helpers = typeof Grade & typeof Reframe & typeof StyleSample & typeof Character;
type Name = 'reframeImage' | 'learnGrade' | 'applyGrade' | 'gradeDistance' | 'renderStyleSample' | 'renderCharacterSample';

/** Two threads: the API's requests (Product Studio, graded generations) rarely need more at once. */
const STILLS_WORKERS = 2;
/** A still takes well under a second; a sample's scene a few. */
const STILL_TIMEOUT_MS = 60_000;

let pool: WorkerPool<{ name: Name; args: unknown[] }, { value?: unknown; failed?: SentError }> | null = null;

/** Buffers come back from a thread as plain Uint8Arrays: an image's bytes are a Buffer again. */
const asImage = (image: ImageData): ImageData => ({
  ...image,
  data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
});

async function inWorker<N extends Name>(name: N, args: Parameters<Helpers[N]>): Promise<Awaited<ReturnType<Helpers[N]>>> {
  pool ??= new WorkerPool(new URL('./stills-worker.mjs', import.meta.url), 'The image helper', STILLS_WORKERS, STILL_TIMEOUT_MS);
  const { value, failed } = await pool.call({ name, args });
  if (failed) throw rebuiltError(failed);
  return value as Awaited<ReturnType<Helpers[N]>>;
}

export const reframeImage: Helpers['reframeImage'] = async (...args) => asImage(await inWorker('reframeImage', args));
export const learnGrade: Helpers['learnGrade'] = (...args) => inWorker('learnGrade', args);
export const applyGrade: Helpers['applyGrade'] = async (...args) => asImage(await inWorker('applyGrade', args));
export const gradeDistance: Helpers['gradeDistance'] = (...args) => inWorker('gradeDistance', args);
export const renderStyleSample: Helpers['renderStyleSample'] = async (...args) => asImage(await inWorker('renderStyleSample', args));
export const renderCharacterSample: Helpers['renderCharacterSample'] = async (...args) =>
  asImage(await inWorker('renderCharacterSample', args));

/**
 * Stops the helpers' threads (the next call starts them again). A thread that loaded TypeScript
 * through tsx's API keeps its process alive through the loader's port, unref'd or not: the engine's
 * `close` calls this.
 */
export async function closeStills(): Promise<void> {
  const running = pool;
  pool = null;
  await running?.close();
}
