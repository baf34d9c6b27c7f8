// Worker thread: @vladmandic/face-api on the tfjs WASM backend, weights from the package's model/.
// Receives { id, rgb, width, height, describe }, answers { id, faces: [{ box, score, mouth, descriptor? }] } or { id, error }.
// With `describe`, each face also gets its 128-number descriptor (face-api's recognition net, loaded on first use).
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
let ready;
async function load() {
  const faceapi = await import('@vladmandic/face-api/dist/face-api.node-wasm.js');
  const api = faceapi.default ?? faceapi;
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  wasm.setWasmPaths(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')) + '/');
  await api.tf.setBackend('wasm');
  await api.tf.ready();
  const model = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await api.nets.ssdMobilenetv1.loadFromDisk(model);
  await api.nets.faceLandmark68Net.loadFromDisk(model);
  return { api, model };
}
let recognition;

parentPort.on('message', async ({ id, rgb, width, height, describe }) => {
  try {
    ready ??= load();
    const { api, model } = await ready;
    if (describe) await (recognition ??= api.nets.faceRecognitionNet.loadFromDisk(model));
    const tensor = api.tf.tensor3d(new Uint8Array(rgb), [height, width, 3], 'int32');
    const detected = api.detectAllFaces(tensor, new api.SsdMobilenetv1Options({ minConfidence: 0.5 })).withFaceLandmarks();
    const found = describe ? await detected.withFaceDescriptors() : await detected;
    tensor.dispose();
    const faces = found.map((f) => ({
      score: f.detection.score,
      box: { left: f.detection.box.x, top: f.detection.box.y, width: f.detection.box.width, height: f.detection.box.height },
      mouth: f.landmarks.getMouth().map((p) => ({ x: p.x, y: p.y })),
      ...(describe ? { descriptor: Array.from(f.descriptor) } : {}),
    }));
    parentPort.postMessage({ id, faces });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e?.message ?? e) });
  }
});
