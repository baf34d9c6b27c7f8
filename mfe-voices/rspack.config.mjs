// mfe-voices: the voice library, presets, saved voices, voice profiles and cloning, and the
// voice controls every editor uses. Loaded by the shell at runtime from its mf-manifest.json (DESIGN §2.1).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../scripts/rspack-app.mjs';

/** Every exposed module, in one place (contracts' REMOTE_EXPOSES lists the same names; its contract test holds it). */
export const exposes = {
  './VoicesPage': './src/exposed/VoicesPage.tsx',
  './VoicePicker': './src/exposed/VoicePicker.tsx',
  './VoiceSettings': './src/exposed/VoiceSettings.tsx',
  './CreateVoiceProfileDialog': './src/exposed/CreateVoiceProfileDialog.tsx',
  './AudioPlayer': './src/exposed/AudioPlayer.tsx',
};

export default (env, argv) =>
  createAppConfig({
    here: path.dirname(fileURLToPath(import.meta.url)),
    name: 'mfe_voices',
    dev: argv.mode !== 'production',
    publicPath: 'auto',
    exposes,
    port: Number(process.env.DEV_PORT ?? 3005),
    proxy: ['/api', '/media', '/files'],
  });
