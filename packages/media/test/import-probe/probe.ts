/**
 * Imports `@studio/media`, does what argv[2] says, and prints the npm packages that were loaded:
 * those the ESM loader resolved (hooks.mjs) and the CommonJS ones in require's cache (a CJS package
 * requiring another is not seen by ESM hooks).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const media = await import('@studio/media');
const step = process.argv[2];
if (step === 'local-speech') {
  await media.createMediaEngine().speech.listVoices();
} else if (step === 'hosted-speech') {
  // A key the API refuses at once (401 is not retried): the call loads the SDK, then fails.
  const server = http.createServer((_req, res) => res.writeHead(401, { connection: 'close' }).end('{}'));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const engine = media.createMediaEngine({
    elevenLabsApiKey: 'key',
    elevenLabsBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
  await engine.speech.listVoices().catch(() => undefined);
  server.close();
} else if (step === 'engine') {
  media.createMediaEngine({ falKey: 'key', elevenLabsApiKey: 'key' });
}
const files = [...fs.readFileSync(process.env.LOADED_MODULES_LOG!, 'utf8').split('\n'), ...Object.keys(require.cache)];
const packages = new Set(files.map((f) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1]).filter(Boolean));
console.log(JSON.stringify([...packages].sort()));
// The SDK's HTTP agent may keep the process alive a while; the answer is out.
process.exit(0);
