// mfe-video-editor: the talking-person editor (/app/editor), the section builder (/app/create) and
// the simple video editor (/app/simple-video). Loaded by the shell at runtime from its
// mf-manifest.json (DESIGN §2.1); it renders mfe-voices' voice controls at runtime too.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../scripts/rspack-app.mjs';

/** Every exposed module, in one place (contracts' REMOTE_EXPOSES lists the same names; its contract test holds it). */
export const exposes = {
  './EditorPage': './src/exposed/EditorPage.tsx',
  './CreatePage': './src/exposed/CreatePage.tsx',
  './SimpleVideoPage': './src/exposed/SimpleVideoPage.tsx',
};

export default (env, argv) =>
  createAppConfig({
    here: path.dirname(fileURLToPath(import.meta.url)),
    name: 'mfe_video_editor',
    dev: argv.mode !== 'production',
    publicPath: 'auto',
    exposes,
    port: Number(process.env.DEV_PORT ?? 3003),
    proxy: ['/api', '/media', '/files'],
  });
