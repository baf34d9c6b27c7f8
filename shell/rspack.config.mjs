// Shell (host). Remotes are not known at build time: they come from /remotes.json at runtime
// (DESIGN §2.1), so it declares none and src/remotes/runtime.ts registers them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../scripts/rspack-app.mjs';

export default (env, argv) =>
  createAppConfig({
    here: path.dirname(fileURLToPath(import.meta.url)),
    name: 'studio_shell',
    dev: argv.mode !== 'production',
    publicPath: '/',
    port: Number(process.env.SHELL_PORT ?? 3000),
    proxy: ['/api', '/remotes.json', '/media', '/files', '/oidc'],
    optimization: { splitChunks: { chunks: 'async' } },
    // The shell only ever runs in a browser: the runtime's Node paths are left out of its first load.
    federationExperiments: { optimization: { target: 'web' } },
  });
