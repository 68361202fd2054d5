import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll } from 'vitest';

/**
 * The PostgreSQL pass runs only the server test files that use a database (docs/testing.md): the SQLite
 * pass records them here. A file counts when it opened a database through the test helper
 * (`freshDatabase` marks it) or names TEST_DATABASE_URL itself (a file that runs the server as a process).
 * `scripts/test-all.mjs` sets LINTEL_DATABASE_FILES to the list's path; without it nothing is recorded.
 */
const marker = Symbol.for('lintel.test.usesDatabase');

export function markDatabaseUse(): void {
  (globalThis as Record<symbol, boolean>)[marker] = true;
}

const list = process.env.LINTEL_DATABASE_FILES;
if (list) {
  (globalThis as Record<symbol, boolean>)[marker] = false;
  // vitest reads the first parameter's pattern for fixtures: it must be an object pattern.
  // biome-ignore lint/correctness/noEmptyPattern: no fixture is wanted, only the suite in the second place
  afterAll(({}, suite) => {
    const path = suite.file.filepath;
    const used =
      (globalThis as Record<symbol, boolean>)[marker] ||
      readFileSync(path, 'utf8').includes('TEST_DATABASE_URL');
    if (used) appendFileSync(list, `${path}\n`);
  });
}
