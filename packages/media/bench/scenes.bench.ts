/**
 * Render time of each studio scene template at 1080×1350 (the 4:5 feed size), with a product
 * standing in it, encoded as PNG (the canvas draws lazily: only a finished image is a fair time).
 * Target ≤ 1 s each.
 * Run alone: npx tsx packages/media/bench/scenes.bench.ts (the engine bench runs it too).
 */
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { SCENE_TEMPLATES } from '@studio/contracts';
import { renderScene } from '../src/local/image/scenes.ts';
import { composeScene } from '../src/local/image/studio.ts';

const TARGET_MS = 1000;
// BENCH_SMOKE=1 (npm test): each template once at a quarter of the size, to prove the bench runs.
const SMOKE = process.env.BENCH_SMOKE === '1';
const RUNS = SMOKE ? 1 : 3;
const [WIDTH, HEIGHT] = SMOKE ? [270, 336] : [1080, 1350];

export async function benchScenes() {
  const product = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="420"><rect x="70" width="60" height="70" rx="8" fill="#2b2b2b"/><rect y="60" width="200" height="360" rx="46" fill="#c0392b"/></svg>`,
    ),
  )
    .png()
    .toBuffer();
  // One warm-up, so the first template does not pay for loading the canvas library.
  renderScene('warm-up', 64, 64);
  const rows = [];
  for (const t of SCENE_TEMPLATES) {
    const started = performance.now();
    for (let i = 0; i < RUNS; i++)
      await composeScene({
        prompt: t.prompt,
        width: WIDTH,
        height: HEIGHT,
        seed: i + 1,
        cutout: { png: product, width: 200, height: 420 },
      });
    rows.push({ template: t.name, ms: Math.round((performance.now() - started) / RUNS) });
  }
  console.table(rows);
  const worst = Math.max(...rows.map((r) => r.ms));
  console.log(
    `scene templates ${WIDTH}×${HEIGHT}: slowest ${worst} ms with the product placed and encoded (target ≤ ${TARGET_MS} ms, ratio ${(worst / TARGET_MS).toFixed(2)})`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchScenes();
