import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**', '.data/**'],
    environment: 'node',
    globalSetup: ['bff/test/global-setup.ts'],
    pool: 'forks',
    // Two files at a time: most of an HTTP test's time is spent waiting on PostgreSQL and sockets.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
