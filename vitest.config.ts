import { defineConfig } from 'vitest/config';

// One runner for every suite. scripts/test-all.mjs runs the projects in passes
// (SQLite, PostgreSQL, browser) and prints the closing `N passed, N failed` line.
export default defineConfig({
  test: {
    // Two workers fit the 2-core machine; vitest 4 wants one worker count for projects that run together.
    maxWorkers: 2,
    projects: [
      'packages/contracts/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/e2e/vitest.config.ts',
    ],
  },
});
