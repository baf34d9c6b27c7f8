// mfe-image-studio: Product Studio (one product photo, edited step by step), Ad Clone, and training
// styles and characters.
// Loaded by the shell at runtime from its mf-manifest.json (DESIGN §2.1).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../scripts/rspack-app.mjs';

/** Every exposed module, in one place (contracts' REMOTE_EXPOSES lists the same names; its contract test holds it). */
export const exposes = {
  './ProductStudioPage': './src/exposed/ProductStudioPage.tsx',
  './TrainStylePage': './src/exposed/TrainStylePage.tsx',
  './AdClonePage': './src/exposed/AdClonePage.tsx',
  './TrainCharacterPage': './src/exposed/TrainCharacterPage.tsx',
};

export default (env, argv) =>
  createAppConfig({
    here: path.dirname(fileURLToPath(import.meta.url)),
    name: 'mfe_image_studio',
    dev: argv.mode !== 'production',
    publicPath: 'auto',
    exposes,
    port: Number(process.env.DEV_PORT ?? 3004),
    proxy: ['/api', '/media', '/files'],
  });
