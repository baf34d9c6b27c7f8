import { AppError } from '../../errors.ts';
import { Messages } from '@studio/contracts';

/**
 * A small fair semaphore: at most `limit` tasks run at once, the rest wait in arrival order; past
 * `maxQueue` waiting, new work is refused (503) rather than piling up memory.
 */
export function createSlots(limit: number, maxQueue: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < limit) running++;
      else if (waiting.length >= maxQueue) throw new AppError(503, 'busy', Messages.uploadBusy);
      // A released slot passes straight to the next waiter, so `running` stays at the limit.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
export type Slots = ReturnType<typeof createSlots>;
