// Shell (host). Remotes are not known at build time: they come from /remotes.json at runtime
// (DESIGN §2.1), so `remotes` stays empty here and src/remotes/runtime.ts registers them.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = require('./package.json');
const sessionPkg = require('../packages/session/package.json');

/** Singletons every app must share; a second copy splits React context or the session store. */
export function sharedSingletons(deps) {
  const shared = {};
  for (const name of ['react', 'react-dom', 'react-router-dom', 'react-router', 'jotai']) {
    shared[name] = { singleton: true, requiredVersion: deps[name] };
  }
  shared['@studio/session'] = { singleton: true, requiredVersion: `^${sessionPkg.version}` };
  return shared;
}

const BFF_URL = process.env.BFF_URL ?? 'http://127.0.0.1:8080';

export default (env, argv) => {
  const dev = argv.mode !== 'production';
  return {
    context: here,
    entry: { main: './src/index.ts' },
    mode: dev ? 'development' : 'production',
    devtool: dev ? 'cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(here, 'dist'),
      publicPath: '/',
      uniqueName: 'studio_shell',
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
        // would pull every zod schema (and zod) into the landing page's first load.
        { test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'studio_shell',
        remotes: {},
        shared: sharedSingletons(pkg.dependencies),
        dts: false,
        // No mf-manifest for the host: nobody consumes it.
        manifest: false,
      }),
      new rspack.HtmlRspackPlugin({ template: './index.html', favicon: './public/favicon.svg' }),
    ],
    optimization: { splitChunks: { chunks: 'async' } },
    performance: { hints: false },
    experiments: {},
    devServer: {
      port: Number(process.env.SHELL_PORT ?? 3000),
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: true,
      lazyCompilation: false,
      proxy: [{ context: ['/api', '/remotes.json', '/media', '/files', '/oidc'], target: BFF_URL, changeOrigin: false }],
    },
    lazyCompilation: false,
  };
};
