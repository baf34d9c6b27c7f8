/**
 * Gallery benchmarks (prints numbers and target ratios, not a test):
 *   - a gallery page of 20 for a user with 100,000 assets (first page and a deep keyset page),
 *     server time (the service call) and round trip through HTTP; target ≤ 10 ms,
 *   - a cached thumbnail (target ≤ 5 ms) and a first thumbnail from a 1080×1920 original (≤ 150 ms).
 *
 * Run: `npm run bench` (root) or `npm run bench -w bff`. Env: BENCH_ASSETS (default 100000), BENCH_SMOKE.
 */
import { ApiRoutes } from '@studio/contracts';
import { createImageAsset, signedInUser, startTestStudio } from '../test/harness.ts';
import { listUserAssets } from '../src/services/assets/store.ts';
import { sized } from './smoke.ts';

const ASSETS = Number(process.env.BENCH_ASSETS ?? sized(100_000, 2_100));
const RUNS = sized(50, 1);
const THUMBNAILS = sized(10, 1);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.floor(sorted.length * 0.95)]! };
}
async function time(runs: number, task: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await task(i);
    samples.push(performance.now() - started);
  }
  return samples;
}
function report(name: string, samples: number[], targetMs: number): void {
  const { median, p95 } = stats(samples);
  console.log(
    `${name.padEnd(52)} median ${median.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms  target ${targetMs} ms  ratio ${(median / targetMs).toFixed(2)}`,
  );
}

const studio = await startTestStudio();
try {
  const { user, client } = await signedInUser(studio);
  const db = studio.deps.db;
  const seeded = performance.now();
  await db.raw(
    `INSERT INTO user_assets (user_id, asset_type, storage_key, mime_type, public_url, thumbnail_url, file_size, metadata, created_at)
     SELECT ?, 'image', 'assets/bench/' || i || '.png', 'image/png', '/media/assets/x.png', NULL, 1000,
            '{"width":1024,"height":1024,"aspectRatio":"1:1","prompt":"bench"}'::jsonb, now() - (i || ' seconds')::interval
     FROM generate_series(1, ?) AS i`,
    [user.id, ASSETS],
  );
  await db.raw('ANALYZE user_assets');
  console.log(`seeded ${ASSETS} assets in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  await listUserAssets(db, user.id, {});
  report('gallery page 1 of 20 (service)', await time(RUNS, () => listUserAssets(db, user.id, {})), 10);
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) cursor = (await listUserAssets(db, user.id, { cursor: cursor ?? undefined })).nextCursor;
  report('gallery page 101 of 20 (service, keyset)', await time(RUNS, () => listUserAssets(db, user.id, { cursor: cursor! })), 10);
  report('gallery page 1 of 20 (HTTP round trip)', await time(RUNS, () => client.get(`${ApiRoutes.userAssets}/${user.id}`)), 10);

  const originals = await Promise.all(
    Array.from({ length: THUMBNAILS }, () => createImageAsset(studio, user.id, { width: 1080, height: 1920 })),
  );
  report('first thumbnail w=480 of a 1080×1920 PNG', await time(originals.length, (i) => client.get(originals[i]!.thumbnail_url!)), 150);
  report('cached thumbnail w=480', await time(RUNS, () => client.get(originals[0]!.thumbnail_url!)), 5);
} finally {
  await studio.stop();
}
