import { defineProject } from 'vitest/config';

// Each test file builds its own apps on fresh databases (a temp SQLite file, or a fresh PostgreSQL schema
// when TEST_DATABASE_URL is set), so files may run in parallel (the worker count is set at the root).
// The global setup migrates a template database once per run, which every test app copies, and makes the
// folder where conversion-cache.ts keeps each sample's conversion for the whole run (docs/testing.md).
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    fileParallelism: true,
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/database-files.ts', './test/conversion-cache.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
