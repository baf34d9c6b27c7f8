import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The store double's port (e2e/products.spec.ts starts it); the studio may import from it. */
export const STORE_PORT = PORT + 1;
/** The e2e studio's data folder, relative to the repository root: one per port, so two runs on one machine do not share a database. */
export const DATA_DIR = PORT === 8181 ? '.data/e2e' : `.data/e2e-${PORT}`;
/** Where the e2e studio reads `REMOTES` from, relative to the repository root. */
export const REMOTES_FILE = `${DATA_DIR}/remotes.json`;
export const LOCAL_REMOTES = {
  remotes: [
    { name: 'mfe_account', entry: '/mfe/mfe-account/mf-manifest.json' },
    { name: 'mfe_gallery', entry: '/mfe/mfe-gallery/mf-manifest.json' },
    { name: 'mfe_voices', entry: '/mfe/mfe-voices/mf-manifest.json' },
    { name: 'mfe_video_editor', entry: '/mfe/mfe-video-editor/mf-manifest.json' },
    { name: 'mfe_image_studio', entry: '/mfe/mfe-image-studio/mf-manifest.json' },
  ],
};

/** Specs that change the studio's configuration for every page while they run. */
const GLOBAL_SPECS = ['**/remote-moved.spec.ts'];

/** Debian's headless Chromium shell (DESIGN §3): Playwright's own browser download is not reachable. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Two spec files at a time (a file's tests run in order); each signs up users of its own.
  fullyParallel: false,
  workers: 2,
  // No retries: a flaky test is fixed, not retried (DESIGN §2.13).
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    baseURL: BASE_URL,
    // CI keeps no trace (its output is all that is read there; tracing costs a third of the run).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
    // As a user who asked for less motion (the studio honours it: packages/ui's base CSS). Without a
    // GPU, every frame of a spinner or shimmer is painted in software while a test waits on a job.
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'chromium', testIgnore: GLOBAL_SPECS, use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    // Specs that change what every page loads (the REMOTES file) run alone, after the others.
    { name: 'global', testMatch: GLOBAL_SPECS, dependencies: ['chromium'], use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
  ],
  webServer: {
    // A fresh studio on its own data folder: embedded PostgreSQL, dev outbox, dev OIDC issuer.
    // mfe-account's location comes from a REMOTES file, re-read on every request, so a spec can
    // move the remote to another origin by configuration alone (remote-moved.spec.ts).
    command:
      `rm -rf ${DATA_DIR} && mkdir -p ${DATA_DIR} && echo '${JSON.stringify(LOCAL_REMOTES)}' > ${REMOTES_FILE} && ` +
      `STORE_IMPORT_ALLOWED_ORIGINS=http://127.0.0.1:${STORE_PORT} REMOTES=${REMOTES_FILE} DATA_DIR=${DATA_DIR} VIDEO_PARALLELISM=1 PORT=${PORT} APP_URL=${BASE_URL} LOG_LEVEL=warn ADMIN_EMAILS=admin@studio.local,owner@studio.local,ops@studio.local npm run start -w bff`,
    cwd: '..',
    url: `${BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
