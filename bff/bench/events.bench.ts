/**
 * Job event streams at scale (prints numbers and target ratios, not a test): 1,000
 * owners each hold their job's Server-Sent Events stream open, from a process of their own. Prints
 * the studio's memory per open stream (heap and resident, after a full collection), then how long
 * after a step ends its `job` event reaches the stream: 200 step ends, 50 a second, each recorded as
 * the job engine records it (`markStep`, whose row change the database announces). Target: delivery
 * p99 ≤ 100 ms, none lost.
 *
 * Run: `npm run bench -w bff`. Env: BENCH_STREAMS (default 1000), BENCH_SMOKE.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ApiRoutes } from '@studio/contracts';
import { startTestStudio } from '../test/harness.ts';
import { SESSION_COOKIE } from '../src/services/sessions.ts';
import { markStep } from '../src/services/videos/store.ts';
import { seedOwnersWithJobs } from './owners.ts';
import { sized } from './smoke.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? sized(1000, 10));
const STEP_ENDS = sized(200, 5);
const STEP_ENDS_PER_S = 50;
const TARGET_P99_MS = 100;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const memory = () => {
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
};
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

const studio = await startTestStudio();
const holder = spawn(process.execPath, [path.join(import.meta.dirname, 'events-worker.mjs')], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
try {
  const { db } = studio.deps;
  const owners = await seedOwnersWithJobs(db, STREAMS);
  const before = memory();

  const changedAt = new Map<string, number>();
  const delivered: number[] = [];
  const ready = new Promise<{ ready: number; failed: number }>((resolve) =>
    holder.on('message', (message: { ready: number; failed: number } | { jobId: string; at: number }) => {
      if ('ready' in message) return resolve(message);
      const changed = changedAt.get(message.jobId);
      if (changed !== undefined) {
        delivered.push(message.at - changed);
        changedAt.delete(message.jobId);
      }
    }),
  );
  const opening = performance.now();
  holder.send({
    url: studio.url,
    streams: owners.map((o) => ({
      path: `${ApiRoutes.jobStatus}/${o.jobId}/events`,
      cookie: `${SESSION_COOKIE}=${o.token}`,
      jobId: o.jobId,
    })),
  });
  const open = await ready;
  const openedMs = performance.now() - opening;
  await new Promise((r) => setTimeout(r, 1000));
  const after = memory();
  const perStream = (bytes: number) => `${(bytes / Math.max(open.ready, 1) / 1024).toFixed(1)} KB`;
  console.log(
    `${`${STREAMS} job event streams open`.padEnd(52)} ${open.ready} open, ${open.failed} failed, in ${(openedMs / 1000).toFixed(1)} s; ` +
      `per stream: heap ${perStream(after.heapUsed - before.heapUsed)}, resident ${perStream(after.rss - before.rss)}`,
  );

  // Step ends, evenly paced, each on another owner's job.
  for (let k = 0; k < STEP_ENDS; k++) {
    const { jobId } = owners[(k * 7) % owners.length]!;
    changedAt.set(jobId, performance.timeOrigin + performance.now());
    await markStep(db, jobId, 'b', 'compose');
    await new Promise((r) => setTimeout(r, 1000 / STEP_ENDS_PER_S));
  }
  const waitUntil = Date.now() + 10_000;
  while (delivered.length < STEP_ENDS && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
  const p99 = quantile(delivered, 0.99);
  console.log(
    `${`a step's event, ${STEP_ENDS_PER_S} step ends/s, ${STREAMS} streams`.padEnd(52)} ${delivered.length} of ${STEP_ENDS} delivered, ` +
      `median ${quantile(delivered, 0.5).toFixed(1)} ms, max ${Math.max(...delivered).toFixed(0)} ms, p99 ${p99.toFixed(1)} ms  target p99 ${TARGET_P99_MS} ms  ratio ${(p99 / TARGET_P99_MS).toFixed(2)}`,
  );
} finally {
  if (holder.connected) holder.send('close');
  await studio.stop();
}
