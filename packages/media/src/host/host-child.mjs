// The media host's child process (media-host.ts forks it): the whole media engine runs here, at a
// lower OS priority than the process that answers HTTP, so that its painting, pixel loops, WASM glue
// and ffmpeg orchestration never hold that process's event loop. Started without the parent's flags
// (a test runner's loaders): the engine's TypeScript loads through tsx's API, as the other workers'.
import { tsImport } from 'tsx/esm/api';

// Listening starts at once: a message that arrived while the module loaded would be lost.
const messages = [];
const queue = (message) => messages.push(message);
let deliver = queue;
process.on('message', (message) => deliver(message));

// The studio that started it has gone (closed, killed or crashed): nothing is left to answer.
process.on('disconnect', () => process.exit(0));

const { serveMediaEngine } = await tsImport('./serve.ts', import.meta.url);
const started = () =>
  new Promise((resolve) => {
    const first = messages.shift();
    if (first) resolve(first);
    else
      deliver = (message) => {
        deliver = queue;
        resolve(message);
      };
  });
const { engine } = await started();
serveMediaEngine(engine, (listener) => {
  for (const message of messages.splice(0)) listener(message);
  deliver = listener;
});
