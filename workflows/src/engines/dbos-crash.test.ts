import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../bff/src/db/embedded-postgres.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PROCESS = path.join(ROOT, 'workflows/test/job-process.ts');
let database: EmbeddedDatabase;
let dir: string;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbos-crash-'));
  fs.chmodSync(dir, 0o755);
  database = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), logger: quiet, persistent: false, fast: true });
}, 120_000);
afterAll(async () => {
  await database?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const run = (mode: string, log: string, jobId: string, executorId?: string) =>
  spawn(process.execPath, ['--import', 'tsx', PROCESS, mode, database.url, log, jobId, ...(executorId ? [executorId] : [])], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
let currentLog = '';
const lines = (log: string) => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : []);
/** Ends a child process (SIGKILL unless it already ended) and waits until it is gone. */
async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}
async function until(check: () => boolean, timeoutMs = 40_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting; the log says:\n${lines(currentLog).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a video job on DBOS survives its process being killed', () => {
  it('resumes after SIGKILL mid-job: finished sections are not rendered again, the job completes once', async () => {
    const log = path.join(dir, 'log.txt');
    currentLog = log;
    const first = run('crash', log, 'job-crash-1');
    await until(() => lines(log).includes('animate-start:b'));
    await killed(first);
    expect(lines(log)).not.toContain('animate:b');

    const second = run('resume', log, 'job-crash-1');
    await until(() => lines(log).some((l) => l.startsWith('result:')));
    await killed(second);
    const all = lines(log);
    const outcome = JSON.parse(all.find((l) => l.startsWith('result:'))!.slice('result:'.length));
    expect(outcome.status).toBe('COMPLETED');
    // Section a finished before the kill: it is neither spoken nor animated again.
    expect(all.filter((l) => l === 'speak:a')).toHaveLength(1);
    expect(all.filter((l) => l === 'animate:a')).toHaveLength(1);
    // The step that was cut off runs again; everything after it runs once.
    expect(all.filter((l) => l === 'animate:b')).toHaveLength(1);
    expect(all.filter((l) => l.startsWith('concat:'))).toEqual(['concat:synced-a,synced-b,synced-c']);
    expect(all.filter((l) => l === 'store')).toHaveLength(1);
    expect(all.filter((l) => l.startsWith('refund'))).toEqual([]);
  }, 120_000);

  it('a second process on the same database leaves a live process’s job alone; the job resumes with its own executor', async () => {
    const log = path.join(dir, 'log-two.txt');
    currentLog = log;
    const a = run('crash', log, 'job-two-1', 'host-a:8080');
    await until(() => lines(log).includes('animate-start:b'));
    // Process B starts while A is mid-job: it must not take A's job over (both would render section b).
    const b = run('bystander', log, 'job-two-1', 'host-b:8080');
    await until(() => lines(log).includes('bystander-ready'));
    expect(lines(log).filter((l) => l === 'animate-start:b')).toHaveLength(1);
    expect(lines(log)).not.toContain('animate:b');
    await killed(b);

    // A dies; A's executor comes back and finishes its job, once.
    await killed(a);
    const again = run('resume', log, 'job-two-1', 'host-a:8080');
    await until(() => lines(log).some((l) => l.startsWith('result:')));
    await killed(again);
    const all = lines(log);
    expect(JSON.parse(all.find((l) => l.startsWith('result:'))!.slice('result:'.length)).status).toBe('COMPLETED');
    expect(all.filter((l) => l === 'animate:b')).toHaveLength(1);
    expect(all.filter((l) => l === 'store')).toHaveLength(1);
  }, 120_000);
});
