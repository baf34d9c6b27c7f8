// mfe-account: the first remote. Plans, credits, usage analytics and the account part of the
// user menu. Loaded by the shell at runtime from its mf-manifest.json (DESIGN §2.1).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../scripts/rspack-app.mjs';

/** Every exposed module, in one place (contracts' REMOTE_EXPOSES lists the same names; its contract test holds it). */
export const exposes = {
  './SubscriptionPage': './src/exposed/SubscriptionPage.tsx',
  './AnalyticsPage': './src/exposed/AnalyticsPage.tsx',
  './CreditsWidget': './src/exposed/CreditsWidget.tsx',
  './UpgradeDialog': './src/exposed/UpgradeDialog.tsx',
  './AccountMenu': './src/exposed/AccountMenu.tsx',
};

export default (env, argv) =>
  createAppConfig({
    here: path.dirname(fileURLToPath(import.meta.url)),
    name: 'mfe_account',
    dev: argv.mode !== 'production',
    publicPath: 'auto',
    exposes,
    port: Number(process.env.DEV_PORT ?? 3001),
    proxy: ['/api', '/media', '/files'],
  });
