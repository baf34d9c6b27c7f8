import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

// The engine bench (with its captions and scene sections), one small iteration of each step
// (BENCH_SMOKE=1), in a process of its own as `npm run bench -w @studio/media` runs it: a bench nobody
// runs stops running unnoticed (it once stopped at a character learned from a group photo).
it('the media engine bench runs every step to its end', { timeout: 300_000 }, async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [createRequire(import.meta.url).resolve('tsx/cli'), path.join(import.meta.dirname, 'engine.bench.ts')],
    { cwd: path.join(import.meta.dirname, '..'), env: { ...process.env, BENCH_SMOKE: '1' }, maxBuffer: 16 * 1024 * 1024 },
  );
  for (const section of [
    'learn a character',
    'talkingHead',
    'captions, one',
    'scene templates',
    'finished ad 9:16',
    'forced alignment',
    'peak RSS overall',
  ])
    expect(stdout).toContain(section);
});
