// Worker thread: renders product shots (product-shot.ts `renderProductShotHere`: the set and the
// product drawn once as two layers, then every frame placed and piped to ffmpeg) off the thread
// that answers the API, as the studio's scenes are (scene-worker.mjs).
// Receives { id, job }, answers { id, video, layersMs, framesMs } or { id, error }. The render code
// is TypeScript, loaded here through tsx's API (a worker does not inherit the main thread's loader).
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { renderProductShotHere } = await tsImport('./product-shot.ts', import.meta.url);

parentPort.on('message', async ({ id, job }) => {
  try {
    const { video, layersMs, framesMs } = await renderProductShotHere(job);
    parentPort.postMessage({ id, video, layersMs, framesMs });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.stack ?? error) });
  }
});
