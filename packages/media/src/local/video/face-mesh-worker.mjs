// Worker thread: @vladmandic/human's face mesh (blazeface + facemesh + iris, 478 points) on the tfjs
// WASM backend, models from the package's own models/ folder, loaded once.
// Receives { id, rgb, width, height, boxes? }, answers { id, faces: [{ score, box, points, roll }] } (with `boxes`,
// { id, faces: [{ score, box }] }) or { id, error }.
// `points` is x0, y0, x1, y1, … for the 478 mesh points in the picture's pixels.
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

// tfjs-core loads models with `fetch`, which cannot read file:// URLs: models are read from disk,
// and nothing else may be fetched from this thread.
globalThis.fetch = async (url) => {
  const href = String(url instanceof Request ? url.url : url);
  if (!href.startsWith('file://')) throw new Error(`The face mesh may only read its own model files, not ${href}`);
  return new Response(await readFile(fileURLToPath(href)), { status: 200 });
};

let ready;
async function load() {
  // The package's `exports` map is broken (its keys lack "./"): resolving the name gives the
  // tfjs-node build, so the WASM build is required by path beside it.
  const dist = dirname(require.resolve('@vladmandic/human'));
  const { Human } = require(join(dist, 'human.node-wasm.js'));
  const human = new Human({
    backend: 'wasm',
    wasmPath: dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')) + '/',
    modelBasePath: 'file://' + join(dirname(dist), 'models') + '/',
    debug: false,
    warmup: 'none',
    // Every picture is looked at afresh: no results reused between calls.
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: true, maxDetected: 3, skipFrames: 0, skipTime: 0, minConfidence: 0.3, return: false },
      mesh: { enabled: true },
      // The attention mesh fails on WASM; the iris model adds the 10 eye points.
      attention: { enabled: false },
      iris: { enabled: true },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  await human.load();
  return human;
}

// What a call looks for: the whole mesh, or (`boxes`) only where each face is, from the detector alone
// (a third of the time: no mesh, no iris). Given on every call, as \`detect\` keeps what it is given.
const MESH = { face: { mesh: { enabled: true }, iris: { enabled: true } } };
const BOXES = { face: { mesh: { enabled: false }, iris: { enabled: false } } };
const boxOf = (f) => ({ left: f.box[0], top: f.box[1], width: f.box[2], height: f.box[3] });

parentPort.on('message', async ({ id, rgb, width, height, boxes }) => {
  try {
    ready ??= load();
    const human = await ready;
    const tensor = human.tf.tensor3d(new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.byteLength), [height, width, 3], 'int32');
    const result = await human.detect(tensor, boxes ? BOXES : MESH);
    tensor.dispose();
    const faces = boxes
      ? result.face.map((f) => ({ score: f.score, box: boxOf(f) }))
      : result.face
          .filter((f) => f.mesh.length >= 468)
          .map((f) => ({
            score: f.score,
            box: boxOf(f),
            points: f.mesh.flatMap((p) => [p[0], p[1]]),
            roll: f.rotation?.angle.roll ?? 0,
          }));
    parentPort.postMessage({ id, faces });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e?.message ?? e) });
  }
});
