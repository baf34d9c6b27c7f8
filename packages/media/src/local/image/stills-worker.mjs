// Worker thread: the still-image helpers the bff calls outside the engine (stills.ts: reframing,
// colour grades, style and character samples), off the thread that answers HTTP: grading a 1024 px
// image is a per-pixel loop of about 150 ms of JavaScript, reframing one about 80 ms.
// Receives { id, name, args } and answers { id, value } or { id, failed } (the error as errors.ts
// sends it, so a MediaError keeps its kind). The helpers are TypeScript, loaded through tsx's API.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const loaded = Promise.all([
  tsImport('./grade.ts', import.meta.url),
  tsImport('./reframe.ts', import.meta.url),
  tsImport('./style-sample.ts', import.meta.url),
  tsImport('./character.ts', import.meta.url),
  tsImport('../../errors.ts', import.meta.url),
]);

// Buffers arrive as plain Uint8Arrays: an image's bytes are a Buffer again, as sharp and the callers expect.
const buffered = (value) => {
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(buffered);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, buffered(v)]));
  return value;
};

parentPort.on('message', async ({ id, name, args }) => {
  const [grade, reframe, styleSample, character, protocol] = await loaded;
  const helpers = { ...grade, ...reframe, ...styleSample, ...character };
  try {
    parentPort.postMessage({ id, value: await helpers[name](...buffered(args)) });
  } catch (error) {
    parentPort.postMessage({ id, failed: protocol.sendableError(error) });
  }
});
