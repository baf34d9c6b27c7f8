// Worker thread: runs @imgly/background-removal-node ('medium') one job at a time.
// Receives { id, png } (a PNG already downscaled), answers { id, png } (RGBA cut-out) or { id, error }.
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { removeBackground } from '@imgly/background-removal-node';

const require = createRequire(import.meta.url);
const publicPath = 'file://' + dirname(require.resolve('@imgly/background-removal-node')) + '/';

parentPort.on('message', async ({ id, png }) => {
  try {
    const blob = await removeBackground(new Blob([png], { type: 'image/png' }), {
      publicPath,
      model: 'medium',
      output: { format: 'image/png' },
    });
    parentPort.postMessage({ id, png: Buffer.from(await blob.arrayBuffer()) });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e?.message ?? e) });
  }
});
