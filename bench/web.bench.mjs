// JavaScript per route (issue 15): the gzip size of what each route of the built web app loads on a cold
// visit, against its budget — /login ≤ 180 KB, every other route ≤ 350 KB, and the model viewer's own code
// (the files no other route loads) with the workers it starts ≤ 600 KB. Computed from apps/web/dist by the
// web size script (apps/web/scripts/measure-route.mjs, also `npm run size -w @lintel/web`), so a module
// whose page crosses its budget shows here. No server or browser needed.
import { join } from 'node:path';
import { repoRoot } from './lib.mjs';

export const title = 'web';
export async function run() {
  const { measureRoutes, BUDGETS_KB } = await import(join(repoRoot, 'apps/web/scripts/measure-route.mjs'));
  const { rows, viewer } = measureRoutes(join(repoRoot, 'apps/web/dist'));
  const out = [];
  for (const row of [...rows].sort((a, b) => b.kb - a.kb)) {
    if (row.budget === null) {
      out.push({
        name: `JS of ${row.page} (${row.files.size} files, gzip; app shell included)`,
        value: row.kb,
        unit: 'KB',
      });
      continue;
    }
    out.push({
      name: `JS of ${row.page} (${row.files.size} files, gzip)`,
      value: row.kb,
      unit: 'KB',
      target: `≤ ${row.budget} KB`,
      pass: row.kb <= row.budget,
    });
  }
  if (viewer) {
    out.push(
      {
        name: `viewer's own JS (${viewer.own.size} files no other route loads, gzip)`,
        value: viewer.ownKb,
        unit: 'KB',
      },
      {
        name: `viewer's workers (${[...viewer.workers].join(', ')}, gzip)`,
        value: viewer.workersKb,
        unit: 'KB',
      },
      {
        name: "viewer's own JS + workers (fragments data excluded)",
        value: viewer.kb,
        unit: 'KB',
        target: `≤ ${BUDGETS_KB.viewer} KB`,
        pass: viewer.kb <= BUDGETS_KB.viewer,
      },
    );
  }
  // The table marks each route over its budget "NO"; this names them together, so they are not missed.
  const over = out.filter((row) => row.pass === false);
  if (over.length > 0)
    console.error(
      `over budget: ${over.map((row) => `${row.name} = ${row.value.toFixed(1)} KB, ${row.target}`).join('; ')}`,
    );
  return out;
}
