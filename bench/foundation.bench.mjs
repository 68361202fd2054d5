// Figures of the foundation (issue 2):
//  - GET account-service/system/profile requests/s against the bare Fastify hello-world (target ratio ≥ 0.5)
//  - cold start of the real server to its first 200 on /api/v1/health, fresh SQLite (target ≤ 1.5 s),
//    reported beside the baseline's own cold start
//  - gzip size of the JavaScript and CSS that /login really loads in Chromium (target ≤ 180 KB JS)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { median, repoRoot, requestsPerSecond, serverMain, startServer } from './lib.mjs';

const baselineScript = join(repoRoot, 'bench/baseline-server.mjs');

async function throughput() {
  const baseline = await startServer(baselineScript);
  const baselineRps = await requestsPerSecond(`${baseline.url}/hello`);
  await baseline.stop();

  const server = await startServer(serverMain, { env: { DEMO: '0', ADMIN_PASSWORD: 'BenchAdmin1' } });
  const profileRps = await requestsPerSecond(`${server.url}/api/v1/account-service/system/profile`);
  await server.stop();
  return [
    { name: 'hello-world baseline', value: baselineRps, unit: 'req/s' },
    {
      name: 'GET system/profile',
      value: profileRps,
      unit: 'req/s',
      ratio: profileRps / baselineRps,
      target: '≥ 0.5 × baseline',
      pass: profileRps / baselineRps >= 0.5,
    },
  ];
}

async function coldStart() {
  const runs = 5;
  const real = [];
  const bare = [];
  for (let i = 0; i < runs; i++) {
    const b = await startServer(baselineScript);
    bare.push(b.readyMs);
    await b.stop();
    // A fresh data dir every time: migrations and the demo seed run, as on a first start.
    const s = await startServer(serverMain, { env: { DEMO: '1', ADMIN_PASSWORD: 'BenchAdmin1' } });
    real.push(s.readyMs);
    await s.stop();
  }
  const realMs = median(real);
  const bareMs = median(bare);
  return [
    { name: 'cold start, bare Fastify (median of 5)', value: bareMs, unit: 'ms' },
    {
      name: 'cold start to first 200 on /health, fresh SQLite (median of 5)',
      value: realMs,
      unit: 'ms',
      ratio: realMs / bareMs,
      target: '≤ 1500 ms',
      pass: realMs <= 1500,
    },
  ];
}

async function loginWeight() {
  const { chromium } = await import('playwright-core');
  const server = await startServer(serverMain, { env: { DEMO: '0', ADMIN_PASSWORD: 'BenchAdmin1' } });
  const context = await chromium.launchPersistentContext('', {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const loaded = { js: new Set(), css: new Set() };
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) loaded.js.add(path);
    if (path.endsWith('.css')) loaded.css.add(path);
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.waitForSelector('[data-testid="login-form"]');
  await context.close();
  await server.stop();
  // Sizes of the built files themselves, gzipped at the default level, so the figure does not depend on
  // whether the server compressed a given answer.
  const gz = (paths) =>
    [...paths].reduce((sum, p) => sum + gzipSync(readFileSync(join(repoRoot, 'apps/web/dist', p))).length, 0);
  const jsKb = gz(loaded.js) / 1024;
  const cssKb = gz(loaded.css) / 1024;
  return [
    {
      name: `JS loaded by /login (${loaded.js.size} files, gzip)`,
      value: jsKb,
      unit: 'KB',
      target: '≤ 180 KB',
      pass: jsKb <= 180,
    },
    { name: `CSS loaded by /login (${loaded.css.size} files, gzip)`, value: cssKb, unit: 'KB' },
  ];
}

export const title = 'foundation';
export async function run() {
  return [...(await throughput()), ...(await coldStart()), ...(await loginWeight())];
}
