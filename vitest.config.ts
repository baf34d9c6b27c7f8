import { defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: the durable-job engine registers its workflows once per
 * process (every file that starts a video or training job), module mocks, and the media engine's
 * own tests (their model worker threads and native canvas, ONNX and WASM modules stay loaded; a
 * worker that had run several of them crashed).
 */
const ISOLATED = [
  'packages/media/src/**/*.test.ts',
  'bff/src/routes/admin/jobs.test.ts',
  'bff/src/routes/assets/index.test.ts',
  'bff/src/routes/auth/logging.test.ts',
  'bff/src/routes/metrics/*.test.ts',
  'bff/src/routes/training/*.test.ts',
  'bff/src/routes/videos/*.test.ts',
  'bff/src/services/videos/temporal-tracing.test.ts',
  'bff/src/routes/voices/hosted.test.ts',
  'workflows/src/engines/*.test.ts',
  'mfe-voices/src/features/voices/legacy-saved-voices.test.ts',
];
const EXCLUDE = ['**/node_modules/**', '**/dist/**', 'e2e/**', '.data/**'];

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['bff/test/global-setup.ts'],
    pool: 'forks',
    // Two files at a time: most of an HTTP test's time is spent waiting on PostgreSQL and sockets.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // The other files share their worker's modules (a file's imports are loaded once per worker,
      // not once per file: a third of the run): they keep no state in modules they share.
      { extends: true, test: { name: 'shared', include: ['**/*.test.ts'], exclude: [...EXCLUDE, ...ISOLATED], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, exclude: EXCLUDE } },
    ],
  },
});
