import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const probeDir = fileURLToPath(new URL('../test/import-probe/', import.meta.url));

/** The npm packages a fresh process has loaded after importing `@studio/media` and doing `step`. */
async function loadedPackages(step = 'import'): Promise<string[]> {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'media-probe-')), 'modules.log');
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--import', path.join(probeDir, 'register.mjs'), path.join(probeDir, 'probe.ts'), step],
      { env: { ...process.env, LOADED_MODULES_LOG: log }, cwd: path.dirname(probeDir) },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
  } finally {
    fs.rmSync(path.dirname(log), { recursive: true, force: true });
  }
}

// What made importing the package take 2.6 s: each loads on first use only.
const HEAVY = [
  '@echogarden/espeak-ng-emscripten',
  '@elevenlabs/elevenlabs-js',
  '@fal-ai/client',
  '@imgly/background-removal-node',
  '@tensorflow/tfjs',
  '@tensorflow/tfjs-backend-wasm',
  '@vladmandic/face-api',
  '@vladmandic/human',
  'adm-zip',
  'espeak-ng',
  'node-web-audio-api',
  'rhubarb-lip-sync-wasm',
  'sharp',
];

describe('importing @studio/media', () => {
  it('loads no model, image library or hosted SDK', async () => {
    const loaded = await loadedPackages();
    expect(loaded.filter((p) => HEAVY.includes(p))).toEqual([]);
  });

  it('creating an engine with every key loads none of them either', async () => {
    const loaded = await loadedPackages('engine');
    expect(loaded.filter((p) => HEAVY.includes(p))).toEqual([]);
  });

  // The SDK alone takes seconds to load on a busy machine.
  it('the ElevenLabs SDK loads on a speech call with its key, and not for local speech', { timeout: 60_000 }, async () => {
    expect(await loadedPackages('local-speech')).not.toContain('@elevenlabs/elevenlabs-js');
    expect(await loadedPackages('hosted-speech')).toContain('@elevenlabs/elevenlabs-js');
  });
});
