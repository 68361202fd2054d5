import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The built server (apps/server/dist + apps/web/dist) started on a free port with a fresh data directory:
 * the one every walk uses (global-setup.ts), and a second one for a walk that needs another installation
 * (a real one, DEMO=0, whose administrator has no phone).
 */
export interface RunningServer {
  baseURL: string;
  /** The server's DATA_DIR: the console SMS provider appends every code to sms-outbox.jsonl there. */
  dataDir: string;
  /** What the server printed so far (stdout and stderr): the first start's administrator notice, say. */
  output(): string;
  stop(): Promise<void>;
}

const repoRoot = new URL('../../../', import.meta.url).pathname;
const serverMain = join(repoRoot, 'apps/server/dist/main.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer /api/v1/health within 30 s:\n${output()}`);
}

/** Starts the built app with the walks' settings plus `env` (e.g. `{ DEMO: '0' }`). */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(serverMain) || !existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The app is not built: run `npm run build` first (npm test does it).');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lintel-e2e-'));
  let log = '';
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // Every browser test sends its SMS codes from 127.0.0.1: the per-IP hourly cap protects real sites
      // from SMS pumping, here it would only make the suite depend on how many tests send codes.
      SMS_IP_HOURLY_LIMIT: '1000',
      // Each browser names its own client address (client-address.ts), as behind a reverse proxy.
      TRUST_PROXY: 'loopback',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, () => log);
  return {
    baseURL,
    dataDir,
    output: () => log,
    async stop() {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
