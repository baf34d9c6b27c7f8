// mfe-gallery: the user's images and videos, the public discover feed, the media viewer and the
// prompt bar. Loaded by the shell at runtime from its mf-manifest.json (DESIGN §2.1).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../scripts/rspack-app.mjs';

/** Every exposed module, in one place (contracts' REMOTE_EXPOSES lists the same names; its contract test holds it). */
export const exposes = {
  './ImagesPage': './src/exposed/ImagesPage.tsx',
  './DiscoverPage': './src/exposed/DiscoverPage.tsx',
  './VideosPage': './src/exposed/VideosPage.tsx',
  './WelcomeModal': './src/exposed/WelcomeModal.tsx',
  './ProductsPage': './src/exposed/ProductsPage.tsx',
  './StylesPage': './src/exposed/StylesPage.tsx',
  './ProductPicker': './src/exposed/ProductPicker.tsx',
  './GuidePage': './src/exposed/GuidePage.tsx',
  './AdminJobsPage': './src/exposed/AdminJobsPage.tsx',
};

export default (env, argv) =>
  createAppConfig({
    here: path.dirname(fileURLToPath(import.meta.url)),
    name: 'mfe_gallery',
    dev: argv.mode !== 'production',
    publicPath: 'auto',
    exposes,
    port: Number(process.env.DEV_PORT ?? 3002),
    proxy: ['/api', '/media', '/files'],
  });
