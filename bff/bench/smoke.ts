/**
 * BENCH_SMOKE=1: each bench runs one small iteration, to prove it still runs (`npm test` does, through
 * bench.test.ts); its numbers mean nothing. A size given in the environment still wins.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** `full` in a real run, `smoke` in a smoke run. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);
