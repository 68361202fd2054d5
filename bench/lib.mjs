// Shared pieces of the benchmarks: free ports, child servers, autocannon, medians.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const repoRoot = new URL('..', import.meta.url).pathname;
export const serverMain = join(repoRoot, 'apps/server/dist/main.js');

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `script` as its own Node process and resolves once `readyPath` answers 200. */
export async function startServer(script, { env = {}, readyPath = '/api/v1/health' } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lintel-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // The demo project's sample model would convert in the background while a bench measures.
      DEMO_MODEL: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited: ${stderr}`);
    try {
      const response = await fetch(url + readyPath);
      if (response.status === 200) break;
    } catch {
      // not yet listening
    }
    if (performance.now() - started > 30_000) throw new Error(`${script} not ready in 30 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    readyMs,
    pid: child.pid,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Requests per second (mean) of one request over `seconds`, after a short warm-up. Every answer must have
 * `expectStatus` (2xx by default): a figure for the wrong answers would be meaningless.
 */
export async function requestsPerSecond(
  url,
  { seconds = 5, connections = 10, headers = {}, method = 'GET', body, expectStatus } = {},
) {
  const options = { url, connections, headers, method, body, expectBody: undefined };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: seconds });
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${code}×${s.count}`);
  const wrong = expectStatus
    ? Object.entries(result.statusCodeStats ?? {}).some(([code]) => Number(code) !== expectStatus)
    : result.non2xx > 0;
  if (wrong || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${method} ${url}: unexpected answers under load (${statuses.join(', ')}, ${result.errors} errors)`,
    );
  }
  return result.requests.average;
}

/** A JSON request with the fetch API; answers status, body and the session cookie it set. */
export async function call(url, { method = 'GET', body, cookie } = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const setCookie = response.headers.get('set-cookie');
  return { status: response.status, body: await response.json(), cookie: setCookie?.split(';')[0] };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
