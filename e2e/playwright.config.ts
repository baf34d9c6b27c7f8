import { defineConfig, devices } from '@playwright/test';

/**
 * Two studios serve the end-to-end tests, each a fresh one on its own data folder (embedded
 * PostgreSQL, dev outbox, dev OIDC issuer): the studio `npm start` starts, with the real local
 * engine, for the few specs that prove what it makes (MEDIA_SPECS), and the same studio on the fast
 * test engine (`bff/test/e2e-studio.ts`) for every spec about screens, rules and flows — as the HTTP
 * tests do (DESIGN decision 13).
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
/** The studio with the real local engine. */
export const MEDIA_PORT = PORT;
/** The store double's port (e2e/products.spec.ts starts it); the studios may import from it. */
export const STORE_PORT = PORT + 1;
/** The studio on the fast test engine. */
export const FAST_PORT = PORT + 2;
/** A studio's data folder, relative to the repository root: one per port, so no two studios share a database. */
export const dataDirOf = (port: number) => (port === 8181 ? '.data/e2e' : `.data/e2e-${port}`);
/** Where a studio reads `REMOTES` from, relative to the repository root. */
export const remotesFileOf = (port: number) => `${dataDirOf(port)}/remotes.json`;
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
/** Specs that prove what the real engine makes: a talking-person video, voices, a scene, an Ad Clone, a style. */
const MEDIA_SPECS = ['**/video.spec.ts', '**/voices.spec.ts', '**/product-studio.spec.ts', '**/ad-clone.spec.ts', '**/styles.spec.ts'];

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

const urlOf = (port: number) => `http://127.0.0.1:${port}`;

/**
 * A fresh studio on `port` and its own data folder, rendering one section of a user's at a time
 * (`USER_RENDER_LIMIT=1`: the specs that lose a section's input count on the first one rendering
 * alone). mfe-account's location comes from a REMOTES file, re-read on every request, so a spec can
 * move the remote to another origin by configuration alone (remote-moved.spec.ts).
 */
function studio(port: number, command: string) {
  const data = dataDirOf(port);
  return {
    command:
      `rm -rf ${data} && mkdir -p ${data} && echo '${JSON.stringify(LOCAL_REMOTES)}' > ${remotesFileOf(port)} && ` +
      `STORE_IMPORT_ALLOWED_ORIGINS=${urlOf(STORE_PORT)} REMOTES=${remotesFileOf(port)} DATA_DIR=${data} VIDEO_PARALLELISM=1 USER_RENDER_LIMIT=1 PORT=${port} APP_URL=${urlOf(port)} LOG_LEVEL=warn ADMIN_EMAILS=admin@studio.local,owner@studio.local,ops@studio.local ${command}`,
    cwd: '..',
    url: `${urlOf(port)}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Three at a time (each test signs up users of its own): with two, a fifth of both cores sat idle
  // while pages waited on the studios (313 s against 344 s here). A file's tests run in order, but for
  // the fast studio's (below).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // No retries: a flaky test is fixed, not retried (DESIGN §2.13).
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    // CI keeps no trace (its output is all that is read there; tracing costs a third of the run).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
    // As a user who asked for less motion (the studio honours it: packages/ui's base CSS). Without a
    // GPU, every frame of a spinner or shimmer is painted in software while a test waits on a job.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'media',
      testMatch: MEDIA_SPECS,
      use: { ...devices['Desktop Chrome'], baseURL: urlOf(MEDIA_PORT), launchOptions: chromium },
    },
    {
      name: 'chromium',
      testIgnore: [...GLOBAL_SPECS, ...MEDIA_SPECS],
      // Its tests share nothing (no spec keeps state between tests), so they spread over the workers
      // one by one: a file of several long tests (mobile.spec.ts, two minutes) no longer ends the run
      // alone on one worker. A spec that cannot run beside itself says so (products.spec.ts).
      fullyParallel: true,
      use: { ...devices['Desktop Chrome'], baseURL: urlOf(FAST_PORT), launchOptions: chromium },
    },
    // Specs that change what every page loads (the REMOTES file) run alone, after the others: one
    // test per studio at a time, those tagged @media-studio on the real engine's.
    {
      name: 'global',
      testMatch: GLOBAL_SPECS,
      grepInvert: /@media-studio/,
      dependencies: ['chromium', 'media'],
      use: { ...devices['Desktop Chrome'], baseURL: urlOf(FAST_PORT), launchOptions: chromium },
    },
    {
      name: 'global-media',
      testMatch: GLOBAL_SPECS,
      grep: /@media-studio/,
      dependencies: ['chromium', 'media'],
      use: { ...devices['Desktop Chrome'], baseURL: urlOf(MEDIA_PORT), launchOptions: chromium },
    },
  ],
  webServer: [studio(MEDIA_PORT, 'npm run start -w bff'), studio(FAST_PORT, 'node --import tsx bff/test/e2e-studio.ts')],
});
