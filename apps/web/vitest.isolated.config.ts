import { defineProject } from 'vitest/config';
import { testFilesNeedingIsolation, webTestOptions } from './vitest.shared.ts';

// The component tests that need a fresh module registry (`vi.mock`, or the marker `@vitest-isolate`), each
// file in one of its own (vitest.shared.ts).
export default defineProject({
  resolve: webTestOptions.resolve,
  test: {
    ...webTestOptions.test,
    name: 'web-isolated',
    include: testFilesNeedingIsolation(),
  },
});
