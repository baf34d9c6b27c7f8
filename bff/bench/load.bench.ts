/**
 * The API while media renders (prints numbers and target ratios, not a test): the studio as `npm start`
 * runs it (one process, the real local engine in its media host unless MEDIA_HOST=inline), read by two
 * cheap signed-in polls from other processes — `GET /api/plan-status` and `GET /api/job-status/:id`, 100
 * requests a second each, 200 in all, evenly paced after 3 s to warm up — first alone, then while four
 * image generations and two video sections render without pause. Target: each p99 ≤ 50 ms under that load
 * (media work must not starve the API, DESIGN decision 18).
 *
 * Run: `npm run bench -w bff`. Env: BENCH_LOAD_S (seconds of each measurement, default 15), BENCH_SMOKE,
 * MEDIA_HOST (`child` by default, `inline` to compare with the engine in the API's own process).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ApiRoutes, isJobFinished } from '@studio/contracts';
import sharp from 'sharp';
import { ensureProfile, startTestStudio, signedInUser, type TestClient } from '../test/harness.ts';
import { SESSION_COOKIE } from '../src/services/sessions.ts';
import { getJob } from '../src/services/videos/store.ts';
import { loadFromAnotherProcess, type LoadResult } from './load.ts';
import { seedOwnersWithJobs } from './owners.ts';
import { SMOKE, sized } from './smoke.ts';

const SECONDS = Number(process.env.BENCH_LOAD_S ?? sized(15, 1));
/** Requests a second on each of the two routes. */
const RATE = 100;
const TARGET_P99_MS = 50;
/** What renders at once, in rounds: a smoke run renders one of each, to prove the round runs. */
const IMAGES = sized(4, 1);
const SECTIONS = sized(2, 1);

const studio = await startTestStudio({ VIDEO_PARALLELISM: '1', MEDIA_HOST: process.env.MEDIA_HOST ?? 'child' }, { media: 'real' });
try {
  const { db, config } = studio.deps;
  const reader = await signedInUser(studio);
  await ensureProfile(studio, reader.user, 100_000);
  // Owners of finished jobs, each polling their own (a finished job's status is read as often as a running one's).
  const owners = await seedOwnersWithJobs(db, 20, 1);
  const read = () =>
    Promise.all(
      [
        [{ path: ApiRoutes.planStatus, headers: { cookie: reader.client.cookieHeader } }],
        owners.map((o) => ({ path: `${ApiRoutes.jobStatus}/${o.jobId}`, headers: { cookie: `${SESSION_COOKIE}=${o.token}` } })),
      ].map((requests) =>
        loadFromAnotherProcess({ url: studio.url, requests, rate: RATE, durationS: SECONDS, warmupS: sized(3, 0), connections: 10 }),
      ),
    );

  const image = await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#6a7a8a' } })
    .png()
    .toBuffer();
  // Each image or section renders for a creator of its own (one creator would meet the upload rate limit).
  const creator = async () => {
    const { user: owner, client } = await signedInUser(studio);
    await ensureProfile(studio, owner, 1_000);
    return client;
  };
  const generateImage = async (client: TestClient) => {
    const form = new FormData();
    form.set('prompt', 'a glass bottle of serum on a marble shelf');
    form.set('aspectRatio', '1:1');
    const res = await client.post(ApiRoutes.generateImage, form);
    if (res.status !== 200) throw new Error(`an image generation answered ${res.status}`);
  };
  const renderSection = async (client: TestClient) => {
    const form = new FormData();
    form.set('sections', JSON.stringify([{ id: 'a', name: 'a', scriptEnabled: false, videoDuration: 3 }]));
    form.set('image_0', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'a.png');
    const res = await client.post(ApiRoutes.generateVideo, form);
    if (res.status !== 200) throw new Error(`a video start answered ${res.status}`);
    for (;;) {
      const job = await getJob(db, res.body.jobId);
      if (!job || isJobFinished(job.status)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const round = async () => {
    const clients = await Promise.all(Array.from({ length: Math.max(IMAGES, SECTIONS) }, creator));
    await Promise.all([
      ...Array.from({ length: IMAGES }, (_, i) => generateImage(clients[i]!)),
      ...Array.from({ length: SECTIONS }, (_, i) => renderSection(clients[i]!)),
    ]);
  };
  // Warm-up: the host starts, the models load, ffmpeg starts once. A smoke run's numbers mean nothing:
  // the rendering below runs the same work.
  if (!SMOKE) await round();

  const alone = await read();
  let rendering = true;
  let rendered = 0;
  const media = (async () => {
    while (rendering) {
      await round();
      rendered++;
    }
  })();
  // How long the API's own thread was held meanwhile: what is left on it, apart from the machine's cores being shared.
  const held = monitorEventLoopDelay({ resolution: 10 });
  held.enable();
  const loaded = await read();
  held.disable();
  rendering = false;
  await media;

  const line = (label: string, r: LoadResult) =>
    `${label.padEnd(60)} ${r.requests} requests, median ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(0)} ms, errors ${r.errors + r.non2xx}`;
  const where = config.mediaHost === 'child' ? `in its media host, ${config.mediaHostConcurrency} calls at once` : 'inline';
  console.log(`the engine renders ${where}; ${RATE}/s on each route, ${2 * RATE}/s in all`);
  console.log(
    `the API's event loop while rendering: delay p99 ${(held.percentile(99) / 1e6).toFixed(0)} ms, max ${(held.max / 1e6).toFixed(0)} ms`,
  );
  for (const [i, route] of ['plan-status', 'job-status'].entries()) {
    console.log(line(`${route} at ${RATE}/s, nothing rendering`, alone[i]!));
    console.log(
      `${line(`${route} at ${RATE}/s, ${IMAGES} images + ${SECTIONS} video sections`, loaded[i]!)}  target p99 ${TARGET_P99_MS} ms  ` +
        `ratio ${(loaded[i]!.p99 / TARGET_P99_MS).toFixed(2)}  (${rendered} rounds rendered meanwhile)`,
    );
  }
} finally {
  await studio.stop();
}
