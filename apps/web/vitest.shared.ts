import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ViteUserConfig } from 'vitest/config';

const root = new URL('.', import.meta.url).pathname;

/**
 * The component tests that need a fresh module registry. The `web` project runs its files without
 * isolation (one module registry per worker: antd, React and the app are imported once, not once per
 * file); a file that replaces a module with `vi.mock`, or that checks state a module keeps from its first
 * import (it says so with the marker `@vitest-isolate` and why), would see what an earlier file in the same
 * worker left. Those files run in the isolated `web-isolated` project instead. Found by reading the files, so a
 * new one is never misplaced.
 */
function needsIsolation(source: string): boolean {
  return source.includes('vi.mock(') || source.includes('@vitest-isolate');
}

export function testFilesNeedingIsolation(): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name) && needsIsolation(readFileSync(path, 'utf8'))) {
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
