#!/usr/bin/env node
// The README's test line (`npm test`). Runs every suite in passes and ends with one line
// `N passed, N failed`:
//   1. check      type checks of every workspace and Biome lint, two at a time (a failure fails the run)
//   2. unit       contracts and server (SQLite) tests, then the web component tests in a pass of their own
//   3. postgres   the server files that use a database, again on PostgreSQL, when TEST_DATABASE_URL is set
//   4. browser    the built app started on a free port, driven by Debian's Chromium
// `npm test -- --skip-browser` / `--skip-check` leave a pass out while developing; CI runs everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = new Set(process.argv.slice(2));
const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'lintel-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** Wall time of each pass, and every test file's own time, printed at the end (docs/testing.md). */
const passTimes = [];
const fileTimes = [];
const runStarted = Date.now();
// The server suites' fixtures shared by the whole run (apps/server/test/global-setup.ts): each sample model
// is converted once, by the SQLite pass, and the PostgreSQL pass reuses the conversion.
process.env.LINTEL_TEST_CACHE = join(work, 'cache');

function run(label, command, commandArgs, env = {}) {
  console.log(`\n── ${label} ──`);
  const started = Date.now();
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  passTimes.push({ label, ms: Date.now() - started });
  return result.status === 0;
}

/**
 * Type checks of the three workspaces and Biome, two at a time (each is one single-threaded process):
 * the pass takes about half of running them one after another. Output is printed per command when it ends.
 */
async function checkPass() {
  console.log('\n── check: types and lint ──');
  const started = Date.now();
  const commands = [
    ['types: server', 'npx', ['tsc', '--noEmit', '-p', 'apps/server']],
    ['types: web', 'npx', ['tsc', '--noEmit', '-p', 'apps/web']],
    ['types: contracts', 'npx', ['tsc', '--noEmit', '-p', 'packages/contracts']],
    ['lint', 'npx', ['biome', 'check', '.']],
  ];
  const runOne = ([label, command, commandArgs]) =>
    new Promise((resolve) => {
      const child = spawn(command, commandArgs, { cwd: root, env: process.env });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => {
        console.log(`${code === 0 ? 'ok' : 'FAILED'}  ${label}`);
        if (code !== 0 || output.trim()) console.log(output.trimEnd());
        resolve(code === 0);
      });
    });
  const queue = [...commands];
  const results = [];
  await Promise.all(
    [0, 1].map(async () => {
      while (queue.length > 0) results.push(await runOne(queue.shift()));
    }),
  );
  passTimes.push({ label: 'check', ms: Date.now() - started });
  return results.every(Boolean);
}

function vitestPass(label, projects, env = {}, files = []) {
  const outputFile = join(work, `${label}.json`);
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...projectArgs,
      ...files,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ],
    env,
  );
  let report;
  try {
    report = JSON.parse(readFileSync(outputFile, 'utf8'));
  } catch {
    problems.push(`${label}: the test runner produced no report`);
    totals.failed += 1;
    return;
  }
  for (const file of report.testResults) {
    fileTimes.push({ label, name: file.name.replace(root, ''), ms: file.endTime - file.startTime });
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // A file that fails to load has no failed test but must still fail the run.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  );
  if (brokenFiles.length > 0) {
    totals.failed += brokenFiles.length;
    problems.push(`${label}: ${brokenFiles.length} test file(s) failed to run`);
  }
  if (report.numTotalTests === 0) problems.push(`${label}: no tests ran`);
  if (!ok && report.numFailedTests === 0 && brokenFiles.length === 0) {
    totals.failed += 1;
    problems.push(`${label}: the runner exited with an error`);
  }
}

if (!args.has('--skip-check')) {
  if (!(await checkPass())) {
    totals.failed += 1;
    problems.push('check: type checks or lint failed');
  }
}

// The server's test helper uses PostgreSQL whenever TEST_DATABASE_URL is set: blank it for the SQLite pass.
// The SQLite pass records which server test files use a database (apps/server/test/database-files.ts): only
// those run again on PostgreSQL, the rest (converters, parsers, pure rules) would only repeat themselves.
const databaseFiles = join(work, 'database-files.txt');
// The server's PDF tests (office previews, form printing) convert with LibreOffice: installed when missing,
// as Chromium is for the browser pass, so they run for real (a failed install only leaves them skipped).
run('server: prerequisites', 'bash', ['scripts/ensure-office.sh']);
vitestPass('unit', ['contracts', 'server'], {
  TEST_DATABASE_URL: '',
  LINTEL_DATABASE_FILES: databaseFiles,
});
// The web component tests get the two cores to themselves: run beside the server suites (child processes,
// image work, S3 and Redis tests), jsdom's antd screens slowed to the point of flaky timeouts.
vitestPass('web', ['web']);

if (process.env.TEST_DATABASE_URL) {
  const files = existsSync(databaseFiles)
    ? [...new Set(readFileSync(databaseFiles, 'utf8').split('\n').filter(Boolean))].sort()
    : [];
  // No list (the SQLite pass did not run its files): every server file runs, as before.
  if (files.length > 0)
    console.log(`\n(${files.length} server test files use a database: they run on PostgreSQL)`);
  vitestPass('postgres', ['server'], {}, files);
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL pass is skipped)');
}

if (!args.has('--skip-browser')) {
  const ready =
    run('browser: prerequisites', 'bash', ['scripts/ensure-browser.sh']) &&
    run('build', 'npm', ['run', 'build', '--silent']);
  if (ready) {
    vitestPass('browser', ['e2e']);
  } else {
    totals.failed += 1;
    problems.push('browser: could not install Chromium or build the app');
  }
}

rmSync(work, { recursive: true, force: true });
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
console.log('\nTime of each pass:');
for (const pass of passTimes) console.log(`${seconds(pass.ms)}  ${pass.label}`);
console.log(`${seconds(Date.now() - runStarted)}  all`);
console.log('\nThe 15 slowest test files (their own time; files of a pass run two at a time):');
for (const file of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 15)) {
  console.log(`${seconds(file.ms)}  ${file.label.padEnd(8)} ${file.name}`);
}
console.log('');
for (const problem of problems) console.log(`! ${problem}`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed === 0 && problems.length === 0 ? 0 : 1);
