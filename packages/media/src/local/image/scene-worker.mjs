// Worker thread: composes studio scenes (studio.ts `composeSceneHere`: the set, the product on its
// stage, the text) off the request thread. Painting a 1024 px scene is a few hundred milliseconds of
// canvas calls; on the main thread it held every API request behind it.
// Receives { id, opts }, answers { id, png } or { id, error }. The scene code is TypeScript, loaded
// here through tsx's API (a worker does not inherit the main thread's loader).
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { composeSceneHere } = await tsImport('./studio.ts', import.meta.url);

parentPort.on('message', async ({ id, opts }) => {
  try {
    // Buffers arrive as plain Uint8Arrays.
    const buffered = (cut) => cut && { ...cut, png: Buffer.from(cut.png.buffer, cut.png.byteOffset, cut.png.byteLength) };
    const png = await composeSceneHere({ ...opts, cutout: buffered(opts.cutout), person: buffered(opts.person) });
    parentPort.postMessage({ id, png });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.stack ?? error) });
  }
});
