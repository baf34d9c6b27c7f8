import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: the durable-job engine registers its workflows once per
 * process (every file that starts a video or training job; scripts/test-isolation.test.ts checks),
 * module mocks, and the media engine's own tests (their model worker threads and native canvas, ONNX
 * and WASM modules stay loaded; a worker that had run several of them crashed).
 */
export const ISOLATED = [
  'packages/media/src/**/*.test.ts',
  'bff/src/routes/ad-drafts/index.test.ts',
  'bff/src/routes/admin/jobs.test.ts',
  'bff/src/routes/admin/renderers.test.ts',
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

/**
 * The files that take longest (20–60 s each in a clean run), longest first. Two workers take files in
 * order; a clean clone has no timings cached, and by file size these small files came last, so the
 * run ended with one worker alone on a minute-long file. Started first, they run beside the many
 * short files instead. Where vitest has timings of its own (a developer's repeated runs), it uses them.
 * The long-lines test measures the API's answers while five long lines are spoken: beside it run the
 * fast engine's video files, not the bff benches (whose load bench keeps both cores busy on purpose).
 */
const SLOWEST = [
  'bff/src/routes/voices/long-lines.test.ts',
  'bff/src/routes/videos/index.test.ts',
  'bff/src/routes/videos/processes.test.ts',
  'bff/bench/bench.test.ts',
  'packages/media/src/local/image/local.test.ts',
  'packages/media/bench/bench.test.ts',
  'packages/media/src/local/speech/speaker.test.ts',
  'packages/media/src/local/video/talking-head.test.ts',
  'packages/media/src/local/video/product-shot.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = SLOWEST.indexOf(path.relative(file.project.config.root, file.moduleId));
      return i < 0 ? SLOWEST.length : i;
    };
    const known = files.every((file) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`),
    );
    const sorted = await super.sort(files);
    return known ? sorted : sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['bff/test/global-setup.ts'],
    pool: 'forks',
    sequence: { sequencer: SlowestFirst },
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
