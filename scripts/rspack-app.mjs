// The Rspack + Module Federation setup every front-end app shares (shell and each mfe-*).
// An app's rspack.config.mjs says only what is its own: name, exposes, ports, public path.
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'react-router', 'jotai', '@studio/session', '@tanstack/react-query'];
// Subpaths shared under their own name, versioned by their package: the one QueryClient lives in
// `@studio/session/query`, kept apart from `@studio/session` so the landing page does not load it.
const SUBPATH_SINGLETONS = { '@studio/session/query': '@studio/session' };

/** Singletons every app must share; a second copy splits React context, the session store or the query cache (DESIGN §3, decision 11). */
export function sharedSingletons(deps) {
  return {
    ...Object.fromEntries(SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: deps[name] }])),
    ...Object.fromEntries(Object.entries(SUBPATH_SINGLETONS).map(([name, pkg]) => [name, { singleton: true, requiredVersion: deps[pkg] }])),
  };
}

/**
 * @param {object} app
 * @param {string} app.here           the app's folder
 * @param {string} app.name           Module Federation name (and output.uniqueName)
 * @param {boolean} app.dev
 * @param {'auto'|string} app.publicPath  'auto' for remotes (chunks load from wherever the manifest was served)
 * @param {object} [app.exposes]      a remote's exposed modules
 * @param {number} app.port           dev-server port
 * @param {string[]} app.proxy        paths the dev server forwards to the bff
 * @param {object} [app.html]         extra HtmlRspackPlugin options
 * @param {object} [app.optimization]
 * @param {object} [app.federationExperiments]  Module Federation `experiments` (e.g. a browser-only runtime)
 */
export function createAppConfig({ here, name, dev, publicPath, exposes, port, proxy, html = {}, optimization, federationExperiments }) {
  const pkg = createRequire(path.join(here, 'package.json'))('./package.json');
  const remote = Boolean(exposes);
  const bffUrl = process.env.BFF_URL ?? 'http://127.0.0.1:8080';
  return {
    context: here,
    entry: { main: './src/index.ts' },
    mode: dev ? 'development' : 'production',
    // Production builds publish no source maps (they hand out the source); SOURCE_MAPS=true writes
    // them for an error tracker to upload, and the bff still does not serve them in production.
    devtool: dev ? 'cheap-module-source-map' : process.env.SOURCE_MAPS === 'true' ? 'source-map' : false,
    output: {
      path: path.join(here, 'dist'),
      publicPath,
      uniqueName: name,
      filename: dev ? '[name].js' : 'assets/[name].[contenthash:10].js',
      chunkFilename: dev ? '[name].js' : 'assets/[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev, refresh: false } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.svg$/, type: 'asset/resource' },
        // contracts has no side effects but does not say so; without this, importing one constant
        // would pull every zod schema (and zod) into an app's first load.
        { test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(remote ? { filename: 'remoteEntry.js', exposes } : { remotes: {} }),
        shared: sharedSingletons(pkg.dependencies),
        // The dts plugin fails silently offline and does nothing for runtime remotes (DESIGN §3).
        dts: false,
        manifest: remote,
        ...(federationExperiments ? { experiments: federationExperiments } : {}),
      }),
      // A remote's own page (for its team) must not load its container as a script.
      new rspack.HtmlRspackPlugin({
        template: './index.html',
        favicon: './public/favicon.svg',
        ...(remote ? { excludeChunks: [name] } : {}),
        ...html,
      }),
    ],
    ...(optimization ? { optimization } : {}),
    performance: { hints: false },
    devServer: {
      port,
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: true,
      // Module Federation chunks break with lazy compilation (DESIGN §3).
      lazyCompilation: false,
      ...(remote ? { headers: { 'Access-Control-Allow-Origin': '*' } } : {}),
      proxy: [{ context: proxy, target: bffUrl, changeOrigin: false }],
    },
    lazyCompilation: false,
  };
}
