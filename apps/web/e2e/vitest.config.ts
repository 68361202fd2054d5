import { defineProject } from 'vitest/config';

// Browser tests: the real built app (apps/server/dist + apps/web/dist) on a free port, driven by Debian's
// Chromium through playwright-core. `npm test` builds first; run alone with `npx vitest run --project e2e`
// after `npm run build`.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    root: new URL('..', import.meta.url).pathname,
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    // After the other projects when everything runs together (`npx vitest run`).
    sequence: { groupOrder: 1 },
  },
});
