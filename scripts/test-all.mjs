#!/usr/bin/env node
// The README's test line (`npm test`). Runs every suite in passes and ends with one line
// `N passed, N failed`:
//   1. check      type checks of every workspace and Biome lint (a failure fails the run)
//   2. unit       contracts and server (SQLite) tests, then the web component tests in a pass of their own
//   3. postgres   the server suite again on PostgreSQL, when TEST_DATABASE_URL is set
//   4. browser    the built app started on a free port, driven by Debian's Chromium
// `npm test -- --skip-browser` / `--skip-check` leave a pass out while developing; CI runs everything.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = new Set(process.argv.slice(2));
const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'lintel-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];

function run(label, command, commandArgs, env = {}) {
  console.log(`\n── ${label} ──`);
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function vitestPass(label, projects, env = {}) {
  const outputFile = join(work, `${label}.json`);
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...projectArgs,
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
  if (!run('check: types and lint', 'npm', ['run', 'check', '--silent'])) {
    totals.failed += 1;
    problems.push('check: type checks or lint failed');
  }
}

// The server's test helper uses PostgreSQL whenever TEST_DATABASE_URL is set: blank it for the SQLite pass.
vitestPass('unit', ['contracts', 'server'], { TEST_DATABASE_URL: '' });
// The web component tests get the two cores to themselves: run beside the server suites (child processes,
// image work, S3 and Redis tests), jsdom's antd screens slowed to the point of flaky timeouts.
vitestPass('web', ['web']);

if (process.env.TEST_DATABASE_URL) {
  vitestPass('postgres', ['server']);
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
console.log('');
for (const problem of problems) console.log(`! ${problem}`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed === 0 && problems.length === 0 ? 0 : 1);
