// mfe-account: the first remote. Plans, credits, usage analytics and the account part of the
// user menu. Loaded by the shell at runtime from its mf-manifest.json (DESIGN §2.1).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = require('./package.json');

const NAME = 'mfe_account';
const BFF_URL = process.env.BFF_URL ?? 'http://127.0.0.1:8080';

/** Every exposed module, in one place (contracts' REMOTE_EXPOSES lists the same names). */
const exposes = {
  './SubscriptionPage': './src/exposed/SubscriptionPage.tsx',
  './AnalyticsPage': './src/exposed/AnalyticsPage.tsx',
  './CreditsWidget': './src/exposed/CreditsWidget.tsx',
  './UpgradeDialog': './src/exposed/UpgradeDialog.tsx',
  './AccountMenu': './src/exposed/AccountMenu.tsx',
};

/** The same singletons as the shell: one React, one router, one jotai store, one session. */
function sharedSingletons(deps) {
  const shared = {};
  for (const name of ['react', 'react-dom', 'react-router-dom', 'react-router', 'jotai', '@studio/session']) {
    shared[name] = { singleton: true, requiredVersion: deps[name] };
  }
  return shared;
}

export default (env, argv) => {
  const dev = argv.mode !== 'production';
  return {
    context: here,
    entry: { main: './src/index.ts' },
    mode: dev ? 'development' : 'production',
    devtool: dev ? 'cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(here, 'dist'),
      // 'auto': chunks load from wherever the manifest was served (same origin, /mfe/…, or a CDN).
      publicPath: 'auto',
      uniqueName: NAME,
      filename: dev ? '[name].js' : 'assets/[name].[contenthash:10].js',
      chunkFilename: dev ? '[name].js' : 'assets/[name].[contenthash:10].js',
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
        { test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: NAME,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedSingletons(pkg.dependencies),
        dts: false,
        manifest: true,
      }),
      // Standalone page for the team that owns this remote; the container is not loaded as a script.
      new rspack.HtmlRspackPlugin({ template: './index.html', excludeChunks: [NAME], favicon: './public/favicon.svg' }),
    ],
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT ?? 3001),
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: true,
      lazyCompilation: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api', '/media', '/files'], target: BFF_URL, changeOrigin: false }],
    },
    lazyCompilation: false,
  };
};
