// What a route's JavaScript is made of (issue 15 §4: find what a route over its budget pulls before cutting).
// Builds the web app into a temporary folder (never the shared dist/) with a plugin that records, for every
// chunk, its modules and their rendered sizes; then prints, for each page named, the packages and source
// folders it loads that the base page does not (the workbench frame's ProjectOverviewPage by default),
// largest first, in KB before compression (gzip makes them about 4 to 5 times smaller).
// Usage (from apps/web):
//   node scripts/route-packages.mjs TopicsPage ModelsPage        against ProjectOverviewPage
//   node scripts/route-packages.mjs --base LoginPage HomePage    against another page
// A library that shows here for one feature of the page (a chart, a dialog's form, a picker) is a candidate
// for a lazy import (src/lib/lazyComponent.tsx); one that antd imports for an option we never use, for
// vite.config.ts's DEFERRED_ANTD.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
let base = 'ProjectOverviewPage';
const pages = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--base') base = args[++i];
  else pages.push(args[i]);
}
if (pages.length === 0) {
  console.error('usage: node scripts/route-packages.mjs [--base Page] Page…');
  process.exit(2);
}

const chunks = new Map();
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lintel-route-packages-'));
try {
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [
      {
        name: 'lintel:record-chunks',
        generateBundle(_options, bundle) {
          for (const [file, chunk] of Object.entries(bundle)) {
            if (chunk.type !== 'chunk') continue;
            const modules = Object.entries(chunk.modules).map(([id, info]) => [id, info.renderedLength]);
            chunks.set(file, { imports: chunk.imports, isEntry: chunk.isEntry, modules });
          }
        },
      },
    ],
  });
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}

/** The modules a page loads on a cold visit: the entry, its page chunk and their static imports. */
function modulesOf(page) {
  const start = [...chunks.keys()].filter(
    (file) => chunks.get(file).isEntry || new RegExp(`(^|/)${page}-[\\w-]+\\.js$`).test(file),
  );
  if (!start.some((file) => !chunks.get(file).isEntry)) throw new Error(`no page chunk named ${page}`);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !chunks.has(file)) return;
    seen.add(file);
    for (const next of chunks.get(file).imports) visit(next);
  };
  for (const file of start) visit(file);
  return new Map([...seen].flatMap((file) => chunks.get(file).modules));
}

/** A package (antd per component), or a source folder. */
function groupOf(id) {
  const clean = id.replace(/^\0[^:]*:(\d+:)?/, '');
  const inPackage = clean.split(/[\\/]node_modules[\\/]/).pop();
  if (inPackage !== clean) {
    const parts = inPackage.split(/[\\/]/);
    const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    const rest = parts.slice(parts[0].startsWith('@') ? 2 : 1);
    return name === 'antd' && rest[0] === 'es' && rest.length > 2 ? `antd/${rest[1]}` : name;
  }
  return path.relative(root, path.dirname(clean)) || clean;
}

const baseModules = modulesOf(base);
for (const page of pages) {
  const groups = new Map();
  let total = 0;
  for (const [id, size] of modulesOf(page)) {
    if (baseModules.has(id)) continue;
    total += size;
    groups.set(groupOf(id), (groups.get(groupOf(id)) ?? 0) + size);
  }
  console.log(`\n${page}: ${(total / 1024).toFixed(1)} KB (before gzip) beyond ${base}`);
  for (const [group, size] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${group}`);
}
