// The JavaScript each route loads on a cold visit, gzip-compressed, against its budget (issue 15):
//   /login ≤ 180 KB; every other route ≤ 350 KB; the model viewer's own code (the files no other route
//   loads) with the workers it starts ≤ 600 KB.
// A route's JavaScript is the files index.html references plus its page chunk and everything they import
// statically (dynamic `import()`, loaded on first use of a feature, is not counted), except for the viewer,
// whose own files include every chunk its own code imports dynamically (its engine, its tools, and the
// dialogs it opens on demand). Workers are the `/assets/….js` files a route's code names without importing.
// Usage (after `npm run build -w @lintel/web`):
//   node scripts/measure-route.mjs            every route, one line each, with the viewer's detail
//   node scripts/measure-route.mjs LoginPage  one page: its files, largest first
// Exit code 1 when a route is over its budget. bench/web.bench.mjs reports the same figures.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const BUDGETS_KB = { login: 180, route: 350, viewer: 600 };
const LOGIN_PAGE = 'LoginPage';
const VIEWER_PAGE = 'ViewerPage';

/** The lazy pages of the route table: `import('./pages/XPage')` in src/modules/<module>/routes.ts(x). */
export function routePages() {
  const modules = path.join(root, 'src/modules');
  const pages = new Set();
  for (const module of fs.readdirSync(modules)) {
    for (const file of ['routes.ts', 'routes.tsx']) {
      const full = path.join(modules, module, file);
      if (!fs.existsSync(full)) continue;
      for (const m of fs
        .readFileSync(full, 'utf8')
        .matchAll(/import\(\s*'\.\/(?:[\w-]+\/)*([\w-]+Page)'\s*\)/g))
        pages.add(m[1]);
    }
  }
  return [...pages].sort();
}

export function measureRoutes(dist = path.resolve(root, process.env.DIST ?? 'dist')) {
  const assets = path.join(dist, 'assets');
  const files = fs.readdirSync(assets);
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const sizes = new Map();
  const gzipKb = (file) => {
    if (!sizes.has(file))
      sizes.set(file, gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length / 1024);
    return sizes.get(file);
  };
  const code = (file) => fs.readFileSync(path.join(assets, file), 'utf8');
  const closure = (page) => {
    const chunk = files.find((f) => f.startsWith(`${page}-`) && f.endsWith('.js'));
    return chunk ? closureOf([...fromHtml, chunk]) : null;
  };
  const dynamicImportsOf = (file) =>
    [...code(file).matchAll(/import\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g)].map((m) => m[1]);
  const closureOf = (start) => {
    const seen = new Set();
    const visit = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      // Static imports only: `import … from "./x.js"` and `import "./x.js"`.
      for (const m of code(file).matchAll(
        /(?:^|[;\s}])import\s*(?:[\w$*{},\s]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g,
      ))
        visit(m[1]);
    };
    for (const file of start) visit(file);
    return seen;
  };
  /** Scripts a route's code starts as workers: named as `/assets/x.js` (or .mjs) without being imported. */
  const workersOf = (loaded) => {
    const found = new Set();
    for (const file of loaded)
      for (const m of code(file).matchAll(/\/assets\/([\w.-]+\.m?js)\b/g))
        if (!loaded.has(m[1]) && files.includes(m[1]) && /worker/i.test(m[1])) found.add(m[1]);
    return found;
  };
  const sum = (list) => [...list].reduce((total, file) => total + gzipKb(file), 0);

  const routes = [];
  for (const page of routePages()) {
    const loaded = closure(page);
    if (!loaded) continue;
    routes.push({ page, files: loaded, kb: sum(loaded) });
  }
  const rows = [];
  for (const route of routes) {
    const budget =
      route.page === LOGIN_PAGE ? BUDGETS_KB.login : route.page === VIEWER_PAGE ? null : BUDGETS_KB.route;
    rows.push({ page: route.page, kb: route.kb, files: route.files, budget });
  }
  const viewer = routes.find((route) => route.page === VIEWER_PAGE);
  let viewerDetail = null;
  if (viewer) {
    const elsewhere = new Set(
      routes.filter((route) => route !== viewer).flatMap((route) => [...route.files]),
    );
    const own = new Set([...viewer.files].filter((file) => !elsewhere.has(file)));
    // The viewer fetches its engine and tools as chunks of their own (`import()` from its page): they count.
    for (let grew = true; grew; ) {
      grew = false;
      for (const file of [...own])
        for (const target of dynamicImportsOf(file))
          for (const loaded of closureOf([target]))
            if (!elsewhere.has(loaded) && !own.has(loaded)) {
              own.add(loaded);
              grew = true;
            }
    }
    const workers = workersOf(new Set([...viewer.files, ...own]));
    viewerDetail = {
      own,
      workers,
      ownKb: sum(own),
      workersKb: sum(workers),
      kb: sum(own) + sum(workers),
      budget: BUDGETS_KB.viewer,
      gzipKb,
    };
  }
  return { rows, viewer: viewerDetail, gzipKb };
}

const kb = (value) => `${value.toFixed(1).padStart(8)} KB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { rows, viewer, gzipKb } = measureRoutes();
  const only = process.argv[2];
  let over = 0;
  if (only) {
    const row = rows.find((item) => item.page === only);
    if (!row) throw new Error(`no route page named ${only}`);
    for (const file of [...row.files].sort((a, b) => gzipKb(b) - gzipKb(a)))
      console.log(`${kb(gzipKb(file))}  ${file}`);
    console.log(`${kb(row.kb)}  total gzip JS for ${only}${row.budget ? ` (budget ${row.budget} KB)` : ''}`);
    if (row.budget && row.kb > row.budget) over++;
  } else {
    for (const row of [...rows].sort((a, b) => b.kb - a.kb)) {
      const verdict =
        row.budget === null
          ? '(see below)'
          : row.kb <= row.budget
            ? `≤ ${row.budget} ok`
            : `> ${row.budget} OVER`;
      if (row.budget !== null && row.kb > row.budget) over++;
      console.log(
        `${kb(row.kb)}  ${row.page.padEnd(32)} ${String(row.files.size).padStart(3)} files  ${verdict}`,
      );
    }
  }
  if (viewer && (!only || only === VIEWER_PAGE)) {
    console.log(`\nThe viewer's own code (files no other route loads) and the workers it starts:`);
    for (const file of [...viewer.own, ...viewer.workers].sort((a, b) => gzipKb(b) - gzipKb(a)))
      console.log(`${kb(gzipKb(file))}  ${file}${viewer.workers.has(file) ? ' (worker)' : ''}`);
    const verdict = viewer.kb <= viewer.budget ? `≤ ${viewer.budget} ok` : `> ${viewer.budget} OVER`;
    console.log(`${kb(viewer.kb)}  viewer code + workers  ${verdict}`);
    if (viewer.kb > viewer.budget) over++;
  }
  // Loudly, last: a route over its budget fails the script (exit 1) with the list on stderr, so a module
  // that pushes a route over is seen at once rather than in a table of 45 lines.
  const overList = rows.filter(
    (row) => row.budget !== null && row.kb > row.budget && (!only || row.page === only),
  );
  if (overList.length > 0)
    console.error(
      `\nOVER BUDGET: ${overList.length} route(s): ${overList.map((row) => `${row.page} ${row.kb.toFixed(1)} KB > ${row.budget} KB`).join(', ')}`,
    );
  process.exitCode = over > 0 ? 1 : 0;
}
