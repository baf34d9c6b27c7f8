/**
 * The fast test engine with what the media host's tests look at from outside (`host/media-host.test.ts`):
 * `describeImage` takes `delayMs` and answers how many calls the host ran at once at most; `upscale`
 * of an image whose bytes read `fail:<kind>[:<status>]` throws that `MediaError`.
 */
import type { MediaEngine, MediaErrorKind } from '../src/index.ts';
import { MediaError } from '../src/errors.ts';
import { createFastMediaEngine } from '../src/testing/fast-engine.ts';

export function createObservedEngine(options: { delayMs?: number } = {}): MediaEngine {
  const fast = createFastMediaEngine();
  let running = 0;
  let most = 0;
  return {
    ...fast,
    describeImage: async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
      running--;
      return {
        description: JSON.stringify({ most, pid: process.pid }),
        provider: 'local',
        model: 'local/observed',
        cost: { amount: 0, unit: 'compute_s' },
      };
    },
    upscale: async (input) => {
      const [tag, kind, status] = input.image.data.toString('utf8').split(':');
      if (tag === 'fail')
        throw new MediaError(kind as MediaErrorKind, `failed as ${kind}`, status ? { providerStatus: Number(status) } : undefined);
      return fast.upscale(input);
    },
  };
}
