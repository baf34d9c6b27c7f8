/**
 * The API while media renders (prints numbers and target ratios, not a test): the studio as `npm start`
 * runs it (one process, the real local engine in its media host unless MEDIA_HOST=inline), read by two
 * cheap signed-in polls from other processes — `GET /api/plan-status` and `GET /api/job-status/:id`, 100
 * requests a second each, 200 in all, evenly paced after 3 s to warm up — first alone, then while four
 * image generations and two video sections render without pause (`rendering-load.ts`). Target: each p99
 * ≤ 50 ms under that load (media work must not starve the API, DESIGN decision 18). `scale.bench.ts`
 * measures the same with the API and the renderer in processes of their own.
 *
 * Run: `npm run bench -w bff`. Env: BENCH_LOAD_S (seconds of each measurement, default 15), BENCH_SMOKE,
 * MEDIA_HOST (`child` by default, `inline` to compare with the engine in the API's own process).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startTestStudio } from '../test/harness.ts';
import { measureWhileRendering, printRenderingLoad } from './rendering-load.ts';
import { sized } from './smoke.ts';

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
  // How long the API's own thread was held while media rendered: what is left on it, apart from the machine's cores being shared.
  const held = monitorEventLoopDelay({ resolution: 10 });
  const load = await measureWhileRendering(
    { url: studio.url, origin: new URL(config.appUrl).origin, db },
    {
      rate: RATE,
      seconds: SECONDS,
      images: IMAGES,
      sections: SECTIONS,
      whileLoaded: () => {
        held.enable();
        return () => held.disable();
      },
    },
  );
  const where = config.mediaHost === 'child' ? `in its media host, ${config.mediaHostConcurrency} calls at once` : 'inline';
  console.log(`the engine renders ${where}; ${RATE}/s on each route, ${2 * RATE}/s in all`);
  console.log(
    `the API's event loop while rendering: delay p99 ${(held.percentile(99) / 1e6).toFixed(0)} ms, max ${(held.max / 1e6).toFixed(0)} ms`,
  );
  printRenderingLoad(load, { rate: RATE, images: IMAGES, sections: SECTIONS, targetMs: TARGET_P99_MS });
} finally {
  await studio.stop();
}
