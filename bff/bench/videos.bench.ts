/**
 * Video job benchmarks (prints numbers and target ratios, not a test):
 *   - orchestration overhead: a 3-section job on the local engine run by DBOS (checkpointed steps,
 *     Postgres round trips) against the same job's activities run one after another without an
 *     engine; target ≤ 10 %,
 *   - 1,000 jobs polled every 3 s (spec 2 §9), each by its owner, from a load generator in another
 *     process, after 5 s of the same load to warm up: p99 of `GET /api/job-status`,
 *     target ≤ 50 ms, and no errors.
 *
 * Run: `npm run bench` (root) or `npm run bench -w bff`. Env: BENCH_JOBS (default 1000),
 * BENCH_POLL_S (seconds of polling, default 15), BENCH_SMOKE.
 */
import { ApiRoutes, JOB_POLL_MS } from '@studio/contracts';
import { runVideoJob, type VideoActivities } from '@studio/workflows';
import sharp from 'sharp';
import { member, startTestStudio } from '../test/harness.ts';
import { loadFromAnotherProcess } from './load.ts';
import { SESSION_COOKIE } from '../src/services/sessions.ts';
import { seedOwnersWithJobs } from './owners.ts';
import { createActivities } from '../src/services/videos/activities.ts';
import { getJob } from '../src/services/videos/store.ts';
import { jobSpecOf } from '../src/services/videos/jobs.ts';
import { SMOKE, sized } from './smoke.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? sized(1000, 10));
const POLL_S = Number(process.env.BENCH_POLL_S ?? sized(15, 1));
const RUNS = sized(7, 1);
const median = (s: number[]) => [...s].sort((a, b) => a - b)[Math.floor(s.length / 2)]!;

const studio = await startTestStudio({ VIDEO_PARALLELISM: '1' });
try {
  const db = studio.deps.db;
  // On the Pro plan: its 200 videos a month cover the runs (the free plan's 10 would not).
  const { client } = await member(studio, { credits: 10_000, tier: 'pro' });
  const image = await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#7a6a5a' } })
    .png()
    .toBuffer();
  const threeSections = () => {
    const form = new FormData();
    form.set('sections', JSON.stringify(['a', 'b', 'c'].map((id) => ({ id, name: id, scriptEnabled: false, videoDuration: 3 }))));
    for (const i of [0, 1, 2]) form.set(`image_${i}`, new Blob([new Uint8Array(image)], { type: 'image/png' }), 'i.png');
    return form;
  };
  const finished = async (jobId: string) => {
    for (;;) {
      const job = await getJob(db, jobId);
      if (job && job.status !== 'IN_PROGRESS') return job;
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  // Through DBOS: from the start call until the job is recorded finished.
  const viaEngine = async () => {
    const started = performance.now();
    const res = await client.post(ApiRoutes.generateVideo, threeSections());
    if (res.status !== 200) throw new Error(`start answered ${res.status}`);
    await finished(res.body.jobId);
    return performance.now() - started;
  };
  // The same work without an engine: the start call (nothing launched), then each activity in turn.
  const activities = createActivities({ db, objects: studio.deps.objects, media: studio.deps.media });
  const direct = async () => {
    const engineStart = studio.deps.jobs.start;
    studio.deps.jobs.start = async () => undefined;
    const started = performance.now();
    try {
      const res = await client.post(ApiRoutes.generateVideo, threeSections());
      if (res.status !== 200) throw new Error(`start answered ${res.status}: ${JSON.stringify(res.body)}`);
      const spec = await jobSpecOf(db, (await getJob(db, res.body.jobId))!);
      await runVideoJob({ ...spec, parallelism: 1 }, activities satisfies VideoActivities);
      return performance.now() - started;
    } finally {
      studio.deps.jobs.start = engineStart;
    }
  };
  // Warm-up: engine launch, ffmpeg, caches. A smoke run's numbers mean nothing: its one run of each is enough.
  if (!SMOKE) await viaEngine();
  const engineMs: number[] = [];
  const directMs: number[] = [];
  // Alternated, 7 of each: one slow run (a GC, a busy core) moves a median of 3 by ±10 %.
  for (let i = 0; i < RUNS; i++) {
    engineMs.push(await viaEngine());
    directMs.push(await direct());
  }
  const overhead = (median(engineMs) - median(directMs)) / median(directMs);
  console.log(
    `${'3-section job (3 × 3 s, 720×1280) on DBOS'.padEnd(52)} median ${median(engineMs).toFixed(0)} ms; activities alone ${median(directMs).toFixed(0)} ms; ` +
      `overhead ${(overhead * 100).toFixed(1)} %  target 10 %  ratio ${(Math.max(overhead, 0) / 0.1).toFixed(2)}`,
  );

  // 1,000 owners, each with a 3-section job (one in five finished); every one polls its own every 3 s.
  const seeded = performance.now();
  const owners = await seedOwnersWithJobs(db, JOBS, 5);
  console.log(`seeded ${JOBS} users with a job each in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  // Every owner polls their job every 3 s, from another process (not this event loop).
  const polled = await loadFromAnotherProcess({
    url: studio.url,
    requests: owners.map((o) => ({
      path: `${ApiRoutes.jobStatus}/${o.jobId}`,
      headers: { cookie: `${SESSION_COOKIE}=${o.token}` },
    })),
    rate: Math.round(JOBS / (JOB_POLL_MS / 1000)),
    durationS: POLL_S,
    warmupS: sized(5, 1),
    connections: 50,
  });
  console.log(
    `${`job-status, ${JOBS} jobs polled every 3 s`.padEnd(52)} ${polled.requests} requests (${polled.perSecond.toFixed(0)}/s), median ${polled.p50.toFixed(1)} ms, ` +
      `p99 ${polled.p99.toFixed(1)} ms, errors ${polled.errors + polled.non2xx}  target p99 50 ms  ratio ${(polled.p99 / 50).toFixed(2)}` +
      `  (first 5 s from cold: p99 ${polled.warmupP99.toFixed(0)} ms; slowest second: ${polled.worstSecond + 1}, max ${polled.worstSecondMax.toFixed(0)} ms)`,
  );
} finally {
  await studio.stop();
}
