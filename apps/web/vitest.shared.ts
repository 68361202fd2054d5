import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ViteUserConfig } from 'vitest/config';

const root = new URL('.', import.meta.url).pathname;

/**
 * The component tests that replace a module with `vi.mock`. The `web` project runs its files without
 * isolation (one module registry per worker: antd, React and the app are imported once, not once per
 * file, which saves about a quarter of the pass); a mocked module would then leak into the files that run
 * after it in the same worker, or find the real one already imported. So files that mock run in the
 * isolated `web-mocks` project instead. Found by reading the files, so a new one is never misplaced.
 */
export function testFilesThatMock(): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name) && readFileSync(path, 'utf8').includes('vi.mock(')) {
        found.push(relative(root, path));
      }
    }
  };
  walk(join(root, 'src'));
  return found.sort();
}

export const webTestOptions: {
  resolve: ViteUserConfig['resolve'];
  test: NonNullable<ViteUserConfig['test']>;
} = {
  resolve: {
    // The app imports antd both as `antd` and by deep `antd/es/...` paths (as the build does): make `antd`
    // the same ES build in tests too, so both share one module instance (contexts such as the locale).
    alias: [{ find: /^antd$/, replacement: 'antd/es/index.js' }],
  },
  test: {
    environment: 'jsdom',
    // Long flows (add, edit, approve a member) took over 20 s in a loaded CI run: see vitest.setup.ts.
    testTimeout: 60_000,
    setupFiles: ['./vitest.setup.ts'],
    css: false,
  },
};
