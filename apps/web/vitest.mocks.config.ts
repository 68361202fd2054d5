import { defineProject } from 'vitest/config';
import { testFilesThatMock, webTestOptions } from './vitest.shared.ts';

// The component tests that use `vi.mock`, each file in a fresh module registry (vitest.shared.ts).
export default defineProject({
  resolve: webTestOptions.resolve,
  test: {
    ...webTestOptions.test,
    name: 'web-mocks',
    include: testFilesThatMock(),
  },
});
