/**
 * Video job benchmarks (prints numbers and target ratios, not a test):
 *   - orchestration overhead: a 3-section job on the local engine run by DBOS (checkpointed steps,
 *     Postgres round trips, and the job and each section handed over on queues DBOS polls every
 *     250 ms, with results polled as often) against the same job's activities run one after another
 *     without an engine; target ≤ 10 %, printed with the milliseconds it adds,
 *   - hook variants (issue 40): a job of three hooks over two shared sections (one video per hook,
 *     the shared sections rendered once) against three separate jobs of the same sections (each
 *     by a user of its own, so nothing is reused: what they cost before), target ≤ 0.5×; and the
 *     same three-hook job again, every section reused (nothing rendered), target ≤ 2 s,
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
  // Each run's sections are new (a picture of its own): the same sections again would be reused, not rendered (issue 40 §1).
  let runs = 0;
  const threeSections = async () => {
    const run = runs++;
    const picture = await sharp(image)
      .composite([
        {
          input: { create: { width: 8, height: 8, channels: 3, background: { r: run % 256, g: (run >> 8) % 256, b: 1 } } },
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('sections', JSON.stringify(['a', 'b', 'c'].map((id) => ({ id, name: id, scriptEnabled: false, videoDuration: 3 }))));
    for (const i of [0, 1, 2]) form.set(`image_${i}`, new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'i.png');
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
    const form = await threeSections();
    const started = performance.now();
    const res = await client.post(ApiRoutes.generateVideo, form);
    if (res.status !== 200) throw new Error(`start answered ${res.status}`);
    await finished(res.body.jobId);
    return performance.now() - started;
  };
  // The same work without an engine: the start call (nothing launched), then each activity in turn.
  const activities = createActivities({ db, objects: studio.deps.objects, media: studio.deps.media });
  const direct = async () => {
    const engineStart = studio.deps.jobs.start;
    studio.deps.jobs.start = async () => undefined;
    const form = await threeSections();
    const started = performance.now();
    try {
      const res = await client.post(ApiRoutes.generateVideo, form);
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
      `overhead ${(overhead * 100).toFixed(1)} % (${(median(engineMs) - median(directMs)).toFixed(0)} ms)  target 10 %  ratio ${(Math.max(overhead, 0) / 0.1).toFixed(2)}`,
  );

  await benchHookVariants();

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

/**
 * Issue 40 §1–§2: silent 3 s sections, each of its own picture, made at the studio's default
 * parallelism (2); as joined sections (the target lines), and in a full run also as finished ads
 * (a caption style, one format: what the editors send; each variant finished once). A smoke run
 * makes one separate job for three (its numbers mean nothing).
 */
async function benchHookVariants() {
  const db = studio.deps.db;
  const colours = { hook1: '#a04030', hook2: '#30a040', hook3: '#3040a0', body1: '#808080', body2: '#505050' } as const;
  type Part = keyof typeof colours;
  const stills = Object.fromEntries(
    await Promise.all(
      Object.entries(colours).map(async ([id, background]) => [
        id,
        await sharp({ create: { width: 720, height: 1280, channels: 3, background } })
          .png()
          .toBuffer(),
      ]),
    ),
  ) as Record<Part, Buffer>;
  const hooks = ['hook1', 'hook2', 'hook3'] as const;
  const jobOf = (ad: boolean, ids: Part[], variants?: { id: string; label: string; sections: string[] }[]) => {
    const form = new FormData();
    form.set('sections', JSON.stringify(ids.map((id) => ({ id, name: id, scriptEnabled: false, videoDuration: 3 }))));
    ids.forEach((id, i) => form.set(`image_${i}`, new Blob([new Uint8Array(stills[id])], { type: 'image/png' }), `${id}.png`));
    if (ad) form.set('captionStyle', 'bold-pop');
    if (variants) form.set('variants', JSON.stringify(variants));
    return form;
  };
  const threeHooks = (ad: boolean) =>
    jobOf(
      ad,
      [...hooks, 'body1', 'body2'],
      hooks.map((hook, i) => ({ id: `v${i + 1}`, label: `Hook ${i + 1}`, sections: [hook, 'body1', 'body2'] })),
    );
  const timed = async (client: Awaited<ReturnType<typeof member>>['client'], form: FormData) => {
    const started = performance.now();
    const res = await client.post(ApiRoutes.generateVideo, form);
    if (res.status !== 200) throw new Error(`start answered ${res.status}: ${JSON.stringify(res.body)}`);
    for (;;) {
      const job = await getJob(db, res.body.jobId);
      if (job && job.status !== 'IN_PROGRESS') {
        if (job.status !== 'COMPLETED') throw new Error(`job ended ${job.status}`);
        return performance.now() - started;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  // A user of its own for each job that must render everything: nothing of another user's is reused.
  const fresh = async () => (await member(studio, { credits: 1000, tier: 'pro' })).client;
  const measure = async (ad: boolean) => {
    const variantMs: number[] = [];
    const separateMs: number[] = [];
    const reusedMs: number[] = [];
    for (let i = 0; i < sized(3, 1); i++) {
      const owner = await fresh();
      variantMs.push(await timed(owner, threeHooks(ad)));
      reusedMs.push(await timed(owner, threeHooks(ad)));
      let separate = 0;
      for (const hook of sized<readonly Part[]>(hooks, hooks.slice(0, 1)))
        separate += await timed(await fresh(), jobOf(ad, [hook, 'body1', 'body2']));
      separateMs.push(SMOKE ? separate * hooks.length : separate);
    }
    return { variant: median(variantMs), separate: median(separateMs), reused: median(reusedMs) };
  };
  const print = (what: string, m: Awaited<ReturnType<typeof measure>>) => {
    const ratio = m.variant / m.separate;
    console.log(
      `${`3 hooks over 2 shared sections, 1 job vs 3 jobs${what}`.padEnd(52)} median ${m.variant.toFixed(0)} ms vs ${m.separate.toFixed(0)} ms; ` +
        `${ratio.toFixed(2)}×  target 0.5×  ratio ${(ratio / 0.5).toFixed(2)}`,
    );
    console.log(
      `${`the same 3-hook job again, every section reused${what}`.padEnd(52)} median ${m.reused.toFixed(0)} ms  target 2000 ms  ratio ${(m.reused / 2000).toFixed(2)}`,
    );
  };
  // This studio renders one section at a time (the overhead above); these jobs run as a studio does by default.
  const engineStart = studio.deps.jobs.start;
  studio.deps.jobs.start = (spec, workflowId) => engineStart({ ...spec, parallelism: 2 }, workflowId);
  try {
    print('', await measure(false));
    if (!SMOKE) print(', ads', await measure(true));
  } finally {
    studio.deps.jobs.start = engineStart;
  }
}
