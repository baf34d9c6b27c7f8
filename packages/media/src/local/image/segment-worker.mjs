// Worker thread: runs @imgly/background-removal-node ('medium') one job at a time.
// Receives { id, png } (a PNG already downscaled), answers { id, png } (RGBA cut-out) or { id, error }.
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import * as ort from 'onnxruntime-node';
import { removeBackground } from '@imgly/background-removal-node';

const require = createRequire(import.meta.url);
const publicPath = 'file://' + dirname(require.resolve('@imgly/background-removal-node')) + '/';

// imgly opens its ONNX session in "parallel" execution mode, which runs independent branches of the
// graph on a second thread pool beside the operators' own threads: on a machine of a few cores the
// pools fight over them. One branch at a time, each operator on all cores, gives the same mask in two
// thirds of the time and CPU (2.5 s and 5 CPU-s against 3.8 s and 7.5 CPU-s a 1024² image, 2 cores).
// imgly has no option for it, so its only call of `create` gets it here.
const create = ort.InferenceSession.create.bind(ort.InferenceSession);
ort.InferenceSession.create = (model, options) => create(model, { ...options, executionMode: 'sequential' });

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
