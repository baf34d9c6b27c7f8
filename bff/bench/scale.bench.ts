/**
 * The studio as one API process and one render worker (DESIGN decision 18), on one database and one
 * data folder, the worker on the real local engine (prints numbers and target ratios, not a test):
 * - the API's answers to `GET /api/plan-status` and `GET /api/job-status/:id`, 100 requests a second
 *   each (200 in all), first alone, then while the worker renders four images and two video sections
 *   without pause (`rendering-load.ts`). Target: each p99 ≤ 25 ms — the API renders nothing, not even
 *   the images its requests wait for;
 * - a job that waits for the renderer: three jobs of two sections started at once on a worker that
 *   renders two sections at a time; the place in line the last one is shown ("Waiting for a
 *   renderer — 2 ahead of you") against how long it waited.
 *
 * Run: `npm run bench -w bff` (or `tsx bench/run.ts scale`). Env: BENCH_LOAD_S (seconds of each
 * measurement, default 15), BENCH_SMOKE.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApiRoutes, isJobFinished, waitingForRenderer, type JobView } from '@studio/contracts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { createDb } from '../src/db/index.ts';
import { createLogger } from '../src/logger.ts';
import { copyTemplateDatabase, type TestClient } from '../test/harness.ts';
import { killed, startProcess, studioProcess } from '../test/studio-processes.ts';
import { creator, measureWhileRendering, printRenderingLoad, startVideo } from './rendering-load.ts';
import { sized } from './smoke.ts';

const SECONDS = Number(process.env.BENCH_LOAD_S ?? sized(15, 1));
const RATE = 100;
const TARGET_P99_MS = 25;
const IMAGES = sized(4, 1);
const SECTIONS = sized(2, 1);
/** The worker's render slots (this machine's cores), and the queued jobs' shape. */
const RENDER_SLOTS = 2;
const QUEUED_JOBS = 3;
const SECTIONS_PER_JOB = 2;

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-scale-bench-'));
// The database runs as the "postgres" user, which must be able to enter this folder.
await fs.chmod(dir, 0o755);
// Under the test runner (a smoke run) a copy of the run's migrated database; alone, a PostgreSQL of its own.
const copied = await copyTemplateDatabase();
const embedded = copied
  ? null
  : await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), logger: createLogger('silent'), persistent: false, fast: true });
const databaseUrl = copied?.url ?? embedded!.url;
const db = createDb(databaseUrl, 4);
const api = await studioProcess('bench-api', 'api');
const worker = await studioProcess('bench-worker', 'worker');
try {
  const shared = { databaseUrl, dataDir: path.join(dir, 'data'), appUrl: api.url };
  // The API first: it migrates a new database; the worker waits for its turn at the same lock.
  await startProcess(api, shared);
  await startProcess(worker, shared, { RENDER_CONCURRENCY: String(RENDER_SLOTS), USER_RENDER_LIMIT: String(RENDER_SLOTS) });
  const target = { url: api.url, origin: api.url, db };

  const load = await measureWhileRendering(target, { rate: RATE, seconds: SECONDS, images: IMAGES, sections: SECTIONS });
  console.log(`one API process and one worker (${RENDER_SLOTS} render slots); ${RATE}/s on each route, ${2 * RATE}/s in all`);
  printRenderingLoad(load, { rate: RATE, images: IMAGES, sections: SECTIONS, targetMs: TARGET_P99_MS });

  // Three jobs at once; each is watched from its start: the farthest place in line it is shown, and when it leaves the line.
  const clients = await Promise.all(Array.from({ length: QUEUED_JOBS }, () => creator(target)));
  // Its wait ends the last time it is seen waiting.
  const watch = async (client: TestClient) => {
    const started = performance.now();
    const jobId = await startVideo(client, SECTIONS_PER_JOB);
    let shown: number | null = null;
    let waitedS = 0;
    for (;;) {
      const job = (await client.get<{ job: JobView }>(`${ApiRoutes.jobStatus}/${jobId}`)).body.job;
      if (isJobFinished(job.status)) break;
      if (job.status === 'QUEUED') {
        shown = Math.max(shown ?? 0, job.queuePosition ?? 0);
        waitedS = (performance.now() - started) / 1000;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    return { shown, waitedS, tookS: (performance.now() - started) / 1000 };
  };
  const watched = await Promise.all(clients.map((c) => watch(c.client)));
  // The last one to get a renderer.
  const last = watched.reduce((a, b) => (b.waitedS > a.waitedS ? b : a));
  const ahead = watched.filter((w) => w !== last);
  const perJobAheadS = ahead.length ? ahead.reduce((n, w) => n + w.tookS, 0) / ahead.length : 0;
  console.log(
    `a queued job (${QUEUED_JOBS} jobs of ${SECTIONS_PER_JOB} sections at once, ${RENDER_SLOTS} render slots): ` +
      `shown “${last.shown === null ? 'never queued' : waitingForRenderer(last.shown)}”, waited ${last.waitedS.toFixed(1)} s for a renderer; ` +
      `the jobs ahead took ${perJobAheadS.toFixed(1)} s each from their start`,
  );
} finally {
  for (const proc of [api, worker]) if (proc.child) await killed(proc.child);
  await db.destroy();
  await copied?.drop();
  await embedded?.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
