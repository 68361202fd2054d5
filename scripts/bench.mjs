#!/usr/bin/env node
// `npm run bench`: builds the app, runs every bench/*.bench.mjs in one process, prints a table and writes
// bench/results/latest.json. Figures are ratios against a baseline measured in the same run; absolute
// numbers depend on the machine and are kept only for context.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv[2];

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const files = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => !only || only.startsWith('--') || f.startsWith(only))
  .sort();
/** Whole numbers for rates and long times; two decimals for short times (a 0.4 ms tree build is not "0"). */
function formatValue({ value, unit }) {
  if (unit === 'req/s' || (unit === 'ms' && value >= 10)) return value.toFixed(0);
  return value.toFixed(unit === 'ms' ? 2 : 1);
}

const results = {};
let failed = 0;
for (const file of files) {
  const bench = await import(join(root, 'bench', file));
  console.log(`\n▶ ${bench.title}`);
  const rows = await bench.run();
  results[bench.title] = rows;
  console.table(
    rows.map((r) => ({
      figure: r.name,
      value: `${formatValue(r)} ${r.unit}`,
      ratio: r.ratio === undefined ? '' : r.ratio.toFixed(2),
      target: r.target ?? '',
      met: r.pass === undefined ? '' : r.pass ? 'yes' : 'NO',
    })),
  );
  failed += rows.filter((r) => r.pass === false).length;
}

mkdirSync(join(root, 'bench/results'), { recursive: true });
const report = {
  at: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  results,
};
writeFileSync(join(root, 'bench/results/latest.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nwrote bench/results/latest.json${failed ? ` — ${failed} target(s) not met` : ''}`);
