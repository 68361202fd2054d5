// `npm start`'s build step (issue 17): builds the web app and the server bundle only when their sources
// changed since their last build, or when the build is missing. Restarting without changes starts at once.
//
// DECISION: a content hash of the sources and build configurations, not their newest mtime. A checkout, a
// `git stash pop` or an editor's save-without-change moves mtimes without changing anything (a needless
// 35 s build), and a file restored from an older copy can move an mtime backwards (a build wrongly
// skipped). Hashing the ~2,000 source files costs a fraction of a second. The stamp (the hash, and the
// built output's mtime when it was written) lives in node_modules/.cache: out of `dist`, which the web
// server serves, and gone with a fresh `npm ci`. The output's mtime in the stamp catches a build made by
// other means (`npm run build` by hand from other sources): then the dist no longer matches the stamp, and
// the next start builds again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What each build reads (folders walked recursively) and what it writes. */
export const TARGETS = [
  {
    name: 'web',
    workspace: '@lintel/web',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite.viewer.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      'packages/contracts/src',
      'packages/contracts/package.json',
      'package-lock.json',
    ],
    output: 'apps/web/dist/index.html',
  },
  {
    name: 'server',
    workspace: '@lintel/server',
    inputs: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/tsconfig.json',
      'apps/server/package.json',
      'packages/contracts/src',
      'packages/contracts/package.json',
      'package-lock.json',
    ],
    output: 'apps/server/dist/main.js',
  },
];

/** Test files are never bundled: editing a test does not call for a build. */
const NOT_BUILT =
  /(\.test\.[cm]?[jt]sx?$)|(^|\/)(node_modules|dist|e2e|__snapshots__)(\/|$)|(^|\/)\.DS_Store$/;

/** The files of `inputs` (relative to `root`), sorted, test files and build output left out. */
export function listInputs(root, inputs) {
  const files = [];
  const walk = (path) => {
    const rel = relative(root, path).split('\\').join('/');
    if (NOT_BUILT.test(rel)) return;
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
    else if (stat.isFile()) files.push(rel);
  };
  for (const input of inputs) walk(join(root, input));
  return [...new Set(files)].sort();
}

/** sha256 over each file's path and content: renames, additions and deletions count as changes. */
export function hashInputs(root, inputs) {
  const hash = createHash('sha256');
  for (const file of listInputs(root, inputs)) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Whether to build, and why (the reason is printed): the pure decision, from what is known about the
 * output (`outputMtimeMs` null when it is missing), the stamp of the last build (null when none) and the
 * sources' hash now.
 */
export function buildDecision({ outputMtimeMs, stamp, hash }) {
  if (outputMtimeMs === null) return { build: true, reason: 'no build yet' };
  if (!stamp) return { build: true, reason: 'no record of the last build' };
  if (stamp.hash !== hash) return { build: true, reason: 'sources changed since the last build' };
  if (stamp.outputMtimeMs !== outputMtimeMs) return { build: true, reason: 'the build was replaced since' };
  return { build: false, reason: 'up to date' };
}

const stampPath = (root, name) => join(root, 'node_modules', '.cache', 'lintel-start', `${name}.json`);

function readStamp(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const outputMtime = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? null;

/** Builds each target that needs it (in order: the server serves the web app's dist). */
export function buildIfChanged(root = repoRoot, targets = TARGETS, run = runBuild) {
  for (const target of targets) {
    const output = join(root, target.output);
    const stampFile = stampPath(root, target.name);
    const hash = hashInputs(root, target.inputs);
    const decision = buildDecision({ outputMtimeMs: outputMtime(output), stamp: readStamp(stampFile), hash });
    if (!decision.build) {
      console.log(`${target.name}: up to date, not rebuilt`);
      continue;
    }
    console.log(`${target.name}: building (${decision.reason})`);
    run(target, root);
    mkdirSync(dirname(stampFile), { recursive: true });
    writeFileSync(stampFile, `${JSON.stringify({ hash, outputMtimeMs: outputMtime(output) })}\n`);
  }
}

function runBuild(target, root) {
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${target.name}: the build failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!existsSync(join(repoRoot, 'node_modules'))) {
    console.error('node_modules is missing: run `npm ci` first');
    process.exit(1);
  }
  buildIfChanged();
}
