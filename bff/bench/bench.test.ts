import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Every bench of the bff, one small iteration each (BENCH_SMOKE=1): a bench nobody runs stops
// running unnoticed. Each runs in a process of its own, as `npm run bench -w bff` runs it; under the
// test runner its studio copies the run's migrated database instead of starting a PostgreSQL.
const BENCHES = ['ledger', 'gallery', 'voices', 'videos', 'events', 'load'];
const TSX = createRequire(import.meta.url).resolve('tsx/cli');
const run = promisify(execFile);

describe('bff benches, smoke run', () => {
  it.each(BENCHES)('%s.bench.ts runs to its end (exit 0) and prints its numbers', { timeout: 180_000 }, async (bench) => {
    const { stdout } = await run(process.execPath, [TSX, path.join(import.meta.dirname, `${bench}.bench.ts`)], {
      cwd: path.join(import.meta.dirname, '..'),
      env: { ...process.env, BENCH_SMOKE: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
    // A failing bench exits non-zero, which rejects the run above with its output.
    expect(stdout.trim()).not.toBe('');
  });
});
