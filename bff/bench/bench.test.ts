import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every bench of the bff, one small iteration each (BENCH_SMOKE=1): a bench nobody runs stops
// running unnoticed. One process runs them all, one after another, as `BENCH_SMOKE=1 npm run bench -w bff`
// does (bench/run.ts: a process per bench loaded the studio's modules six times, most of this file's
// time); under the test runner their studios copy the run's migrated database instead of starting a
// PostgreSQL.
const BENCHES = ['ledger', 'gallery', 'voices', 'videos', 'events', 'load', 'scale'];

interface Run {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exit: Promise<number | null>;
}
let run: Run;

beforeAll(() => {
  const child = spawn(process.execPath, [createRequire(import.meta.url).resolve('tsx/cli'), path.join(import.meta.dirname, 'run.ts')], {
    cwd: path.join(import.meta.dirname, '..'),
    env: { ...process.env, BENCH_SMOKE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  run = { child, stdout: '', stderr: '', exit: new Promise((resolve) => child.once('close', resolve)) };
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString('utf8')));
});

// A leftover of one bench that fails the process after the last one ended still fails the file, and
// one that keeps it running is stopped (a studio left running) and fails it too.
afterAll(async () => {
  const exit = await Promise.race([run.exit, new Promise<'running'>((resolve) => setTimeout(resolve, 50_000, 'running'))]);
  if (exit === 'running') run.child.kill('SIGKILL');
  expect(exit, run.stderr).toBe(0);
}, 60_000);

/** What the run printed for `bench`, and how it ended ('ok', 'failed', or null: it never did). */
async function outcomeOf(bench: string): Promise<{ printed: string; ended: string | null }> {
  const start = `\n== ${bench}.bench.ts\n`;
  const end = new RegExp(`^== ${bench}\\.bench\\.ts: (ok|failed)`, 'm');
  let exited = false;
  void run.exit.then(() => (exited = true));
  for (;;) {
    const from = run.stdout.indexOf(start);
    const ended = from < 0 ? null : end.exec(run.stdout.slice(from));
    if (ended) return { printed: run.stdout.slice(from + start.length, from + ended.index), ended: ended[1]! };
    if (exited) return { printed: '', ended: null };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('bff benches, smoke run', () => {
  it.each(BENCHES)('%s.bench.ts runs to its end and prints its numbers', { timeout: 180_000 }, async (bench) => {
    const { printed, ended } = await outcomeOf(bench);
    // A failing bench is reported with its error on the run's standard error.
    expect(ended, run.stderr).toBe('ok');
    expect(printed.trim()).not.toBe('');
  });
});
