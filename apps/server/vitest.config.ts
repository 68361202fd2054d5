import { defineProject } from 'vitest/config';

// Each test file builds its own apps on fresh databases (a temp SQLite file, or a fresh PostgreSQL schema
// when TEST_DATABASE_URL is set), so files may run in parallel (the worker count is set at the root).
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    fileParallelism: true,
    setupFiles: ['./test/database-files.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
