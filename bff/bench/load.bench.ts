/**
 * The API while media renders (prints numbers and target ratios, not a test): a cheap
 * signed-in read, `GET /api/plan-status`, from another process at 50 requests a second (evenly paced, after 3 s to warm up),
 * first alone, then while two image generations and one video section render on the local engine
 * without pause. Target: p99 ≤ 100 ms under that load (media work must not starve the API).
 *
 * Run: `npm run bench -w bff`. Env: BENCH_LOAD_S (seconds of each measurement, default 15), BENCH_SMOKE.
 */
import { ApiRoutes } from '@studio/contracts';
import sharp from 'sharp';
import { ensureProfile, startTestStudio, signedInUser, type TestClient } from '../test/harness.ts';
import { getJob } from '../src/services/videos/store.ts';
import { loadFromAnotherProcess } from './load.ts';
import { SMOKE, sized } from './smoke.ts';

const SECONDS = Number(process.env.BENCH_LOAD_S ?? sized(15, 1));
const TARGET_P99_MS = 100;

const studio = await startTestStudio({ VIDEO_PARALLELISM: '1' }, { media: 'real' });
try {
  const { db } = studio.deps;
  const reader = await signedInUser(studio);
  await ensureProfile(studio, reader.user, 100_000);
  const read = () =>
    loadFromAnotherProcess({
      url: studio.url,
      requests: [{ path: ApiRoutes.planStatus, headers: { cookie: reader.client.cookieHeader } }],
      rate: 50,
      durationS: SECONDS,
      warmupS: sized(3, 0),
      connections: 10,
    });

  const image = await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#6a7a8a' } })
    .png()
    .toBuffer();
  // Each round renders for a creator of its own (one creator would meet the upload rate limit).
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
      if (job?.status !== 'IN_PROGRESS') return;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  // Warm-up: the models load, ffmpeg starts once. A smoke run's numbers mean nothing: the rendering
  // below runs the same work.
  if (!SMOKE) {
    const first = await creator();
    await Promise.all([generateImage(first), renderSection(first)]);
  }

  const alone = await read();
  let rendering = true;
  let rendered = 0;
  const media = (async () => {
    while (rendering) {
      const client = await creator();
      await Promise.all([generateImage(client), generateImage(client), renderSection(client)]);
      rendered++;
    }
  })();
  const loaded = await read();
  rendering = false;
  await media;

  const line = (label: string, r: typeof alone) =>
    `${label.padEnd(52)} ${r.requests} requests, median ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(0)} ms, errors ${r.errors + r.non2xx}`;
  console.log(line('plan-status at 50/s, nothing rendering', alone));
  console.log(
    `${line('plan-status at 50/s, 2 images + 1 video section', loaded)}  target p99 ${TARGET_P99_MS} ms  ratio ${(loaded.p99 / TARGET_P99_MS).toFixed(2)}` +
      `  (${rendered} rounds rendered meanwhile)`,
  );
} finally {
  await studio.stop();
}
