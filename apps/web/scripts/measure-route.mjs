// Measures the JavaScript a route loads on a cold visit: the chunks index.html references (entry +
// modulepreloads) plus the route's page chunk and everything it imports statically, gzip-compressed.
// Usage (after `npx vite build`): node scripts/measure-route.mjs [PageChunkPrefix=LoginPage] [budgetKB]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, process.env.DIST ?? 'dist');
const assets = path.join(dist, 'assets');
const page = process.argv[2] ?? 'LoginPage';
const budgetKb = Number(process.argv[3] ?? 180);

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const fromHtml = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const pageChunk = fs.readdirSync(assets).find((f) => f.startsWith(`${page}-`) && f.endsWith('.js'));
if (!pageChunk) throw new Error(`no chunk named ${page}-*.js in ${assets}`);

const seen = new Set();
const visit = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  const code = fs.readFileSync(path.join(assets, file), 'utf8');
  // Static imports only: `import … from "./x.js"` and `import "./x.js"` (dynamic `import("…")` is excluded).
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{},\s]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g))
    visit(m[1]);
};
for (const file of [...fromHtml, pageChunk]) visit(file);

let total = 0;
const rows = [...seen].map((file) => {
  const size = gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length;
  total += size;
  return [file, size];
});
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
console.log(`${(total / 1024).toFixed(1).padStart(8)} KB  total gzip JS for ${page} (budget ${budgetKb} KB)`);
process.exitCode = total / 1024 <= budgetKb ? 0 : 1;
