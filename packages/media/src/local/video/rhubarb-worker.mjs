// Worker thread: Rhubarb Lip Sync (WASM, its recognition data shipped in the package), loaded once.
// Receives { id, pcm (16 kHz mono 16-bit), script }, answers { id, cues: [{ start, end, shape }] } or { id, error }.
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Rhubarb narrates its work (and its heap growth) on the console; this thread has nothing else to say.
for (const level of ['log', 'info', 'warn', 'error', 'debug']) console[level] = () => undefined;

const require = createRequire(import.meta.url);
let ready;
async function load() {
  const dir = join(dirname(require.resolve('rhubarb-lip-sync-wasm')), 'wasm');
  const { default: factory } = await import(pathToFileURL(join(dir, 'rhubarb.js')).href);
  return factory({ locateFile: (file) => join(dir, file), print: () => undefined, printErr: () => undefined });
}

parentPort.on('message', async ({ id, pcm, script }) => {
  try {
    ready ??= load();
    const rhubarb = await ready;
    const { mouthCues } = rhubarb.getLipSync(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength), script ?? '');
    parentPort.postMessage({ id, cues: mouthCues.map((c) => ({ start: c.start, end: c.end, shape: c.value })) });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e?.message ?? e) });
  }
});
