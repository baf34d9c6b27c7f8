/**
 * The job on DBOS in this process: a step that fails for a passing reason is retried with backoff
 * and the job completes; bad input is not retried, its section is refunded once, and the job ends
 * PARTIAL_SUCCESS; starting the same job id twice runs it once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../bff/src/db/embedded-postgres.ts';
import { StepError, type SectionSpec, type VideoActivities } from '../workflows/job.ts';
import { launchDbosEngine, type DbosEngine } from './dbos.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;
let database: EmbeddedDatabase;
let engine: DbosEngine;
let dir: string;
const calls: string[] = [];
let transientLeft = 2;
/** Holds the section `slow` in its first step until opened. */
let openSlowStep!: () => void;
const slowStepOpen = new Promise<void>((resolve) => (openSlowStep = resolve));

const activities: VideoActivities = {
  speak: async (_j, s) => (calls.push(`speak:${s.id}`), `audio-${s.id}`),
  animate: async (_j, s) => {
    calls.push(`animate:${s.id}`);
    if (s.id === 'slow') {
      await slowStepOpen;
      calls.push('animate:slow:written');
    }
    if (s.id === 'flaky' && transientLeft-- > 0) throw new StepError('transient', 'The renderer is busy.');
    if (s.id === 'broken') throw new StepError('bad_input', 'This image cannot be animated.');
    return `clip-${s.id}`;
  },
  lipSync: async (_j, s) => (calls.push(`lipsync:${s.id}`), `synced-${s.id}`),
  productShot: async (_j, s) => (calls.push(`product:${s.id}`), `shot-${s.id}`),
  caption: async (_j, _s, v) => v,
  concat: async (_j, videos) => (calls.push(`concat:${videos.join(',')}`), { video: 'final.mp4', poster: 'poster.jpg' }),
  store: async () => (calls.push('store'), 'asset-1'),
  finishAd: async () => (calls.push('finishAd'), [{ aspectRatio: '9:16', video: 'ad.mp4', poster: 'ad.jpg', assetId: 'asset-1' }]),
  refundFormats: async () => undefined,
  refund: async (_j, _u, id) => void calls.push(`refund:${id}`),
  progress: async () => undefined,
  finish: async (_j, outcome) => void calls.push(`finish:${outcome.status}`),
};
const section = (id: string): SectionSpec => ({
  id,
  name: id,
  image: `img-${id}`,
  script: null,
  audio: null,
  videoPrompt: '',
  captions: false,
});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbos-engine-'));
  fs.chmodSync(dir, 0o755);
  database = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), logger: quiet, persistent: false, fast: true });
  engine = await launchDbosEngine({ systemDatabaseUrl: database.url, activities });
}, 120_000);
afterAll(async () => {
  // The last test has shut it down already.
  await Promise.race([engine?.shutdown().catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
  await database?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the video job on DBOS', () => {
  it('retries a passing failure with backoff, never bad input; refunds the failed section once; one run per job id', async () => {
    const spec = { jobId: 'job-retries', userId: 'user-1', sections: [section('flaky'), section('broken')], parallelism: 1 };
    const started = Date.now();
    await engine.start(spec);
    await engine.start(spec);
    const outcome = await engine.result('job-retries');
    expect(outcome?.status).toBe('PARTIAL_SUCCESS');
    // Two failures, then it rendered: three tries, 1 s and 2 s apart.
    expect(calls.filter((c) => c === 'animate:flaky')).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(calls.filter((c) => c === 'animate:broken')).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('refund'))).toEqual(['refund:broken']);
    expect(calls.filter((c) => c.startsWith('finish'))).toEqual(['finish:PARTIAL_SUCCESS']);
    expect(outcome?.sections.map((s) => [s.id, s.status, s.refunded])).toEqual([
      ['flaky', 'COMPLETED', false],
      ['broken', 'FAILED', true],
    ]);
  }, 60_000);

  it('shuts down only once the step under way has finished, so nothing is written after it', async () => {
    await engine.start({ jobId: 'job-shutdown', userId: 'user-1', sections: [section('slow')], parallelism: 1 });
    await expect.poll(() => calls.includes('animate:slow')).toBe(true);
    let stopped = false;
    const stopping = engine.shutdown().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(stopped).toBe(false);
    openSlowStep();
    await stopping;
    expect(calls.at(-1)).toBe('animate:slow:written');
    // Nothing after the shutdown: no next step starts.
    const seen = calls.length;
    await new Promise((r) => setTimeout(r, 500));
    expect(calls).toHaveLength(seen);
  }, 60_000);
});
