import { defineProject } from 'vitest/config';
import { testFilesNeedingIsolation, webTestOptions } from './vitest.shared.ts';

// Component tests in jsdom, without isolation between files (see vitest.shared.ts and docs/testing.md):
// every file must leave the globals it touches as it found them (vitest.setup.ts resets the shared ones).
export default defineProject({
  resolve: webTestOptions.resolve,
  test: {
    ...webTestOptions.test,
    name: 'web',
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: testFilesNeedingIsolation(),
  },
});
