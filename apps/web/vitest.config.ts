import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    // The app imports antd both as `antd` and by deep `antd/es/...` paths (as the build does): make `antd`
    // the same ES build in tests too, so both share one module instance (contexts such as the locale).
    alias: [{ find: /^antd$/, replacement: 'antd/es/index.js' }],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Long flows (add, edit, approve a member) took over 20 s in a loaded CI run: see vitest.setup.ts.
    testTimeout: 60_000,
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
