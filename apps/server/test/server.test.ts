import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pingDatabase } from '../src/db/open';
import { noQuerySchema } from '../src/plugins/route-schemas';
import { stopServer } from '../src/server';
import { buildTestApp, TEST_DATABASE_URL } from './helper';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('over a real socket', () => {
  it('serves HTTP, then shuts down gracefully: the request in flight finishes, new ones are refused', async () => {
    const entered = deferred();
    const release = deferred();
    const slowRoute: FastifyPluginAsyncZod = async (app) => {
      app.get(
        '/api/v1/test/slow',
        { schema: { querystring: noQuerySchema, response: { 200: z.object({ finished: z.boolean() }) } } },
        async () => {
          entered.resolve();
          await release.promise;
          return { finished: true };
        },
      );
    };
    const t = await buildTestApp({ env: { DEMO: '0' }, ready: false });
    await t.app.register(slowRoute);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const health = await fetch(`${base}/api/v1/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f]{24}$/);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok', disk: 'ok' });

      const inFlight = fetch(`${base}/api/v1/test/slow`);
      await entered.promise;
      const stopping = stopServer(t.app, 5000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const late = await fetch(`${base}/api/v1/health`).then(
        (response) => response.status,
        () => 'refused',
      );
      expect([503, 'refused']).toContain(late);

      release.resolve();
      const finished = await inFlight;
      expect(finished.status).toBe(200);
      expect(await finished.json()).toEqual({ finished: true });
      expect(await stopping).toBe('closed');
      // The database went with the app.
      await expect(pingDatabase(t.db.db)).rejects.toThrow();
    } finally {
      release.resolve();
      await t.close();
    }
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Run {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  exited: Promise<number | null>;
}

function runMain(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(...chunk.toString().split('\n').filter(Boolean)));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(...chunk.toString().split('\n').filter(Boolean)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout, stderr, exited };
}

async function waitFor(predicate: () => boolean, run: Run, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline || run.child.exitCode !== null) {
      throw new Error(`main did not get there:\n${run.stdout.join('\n')}\n${run.stderr.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('main.ts as a process', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('stops at an invalid variable with one line naming it, exit code 1', async () => {
    const run = runMain({ PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.stderr).toEqual([
      'Invalid configuration: PORT must be an integer port between 1 and 65535 (got "eighty")',
    ]);
    expect(run.stdout).toEqual([]);
  });

  it('starts on a fresh database, serves, and exits 0 on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lintel-main-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      DEMO: '0',
    };
    if (TEST_DATABASE_URL) {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      cleanups.push(async () => {
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      });
      const url = new URL(TEST_DATABASE_URL);
      url.searchParams.set('options', `-c search_path=${schema}`);
      env.DATABASE_URL = url.toString();
    }
    const run = runMain(env);
    await waitFor(() => run.stdout.some((line) => line.includes('Lintel is running at')), run);
    const base = `http://127.0.0.1:${env.PORT}`;
    expect(
      run.stdout.some((line) => line.includes(`Lintel is running at http://127.0.0.1:${env.PORT}`)),
    ).toBe(true);

    const health = await fetch(`${base}/api/v1/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', disk: 'ok' });
    const page = await fetch(`${base}/login`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('npm run build');

    // The generated administrator password (issue 17): a framed notice on stderr after the "running" line,
    // with where and as whom to sign in; never in the log. It signs in, and must then be changed.
    await waitFor(() => run.stderr.some((line) => line.includes('password  ')), run);
    const notice = run.stderr.join('\n');
    expect(notice).toContain(`address   http://127.0.0.1:${env.PORT}/login`);
    expect(notice).toContain('account   admin');
    const password = /password {2}(\S+)/.exec(notice)?.[1] as string;
    expect(password).toMatch(/^[A-Za-z0-9~!@&%$^()#_]{16}$/);
    const signIn = await fetch(`${base}/api/v1/account-service/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'admin', password }),
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({
      name: 'admin',
      isSystemAdmin: true,
      mustChangePassword: true,
    });
    expect(run.stdout.filter((line) => line.includes(password))).toEqual([]);
    expect(run.stdout.filter((line) => line.includes('generated password'))).toHaveLength(1);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.stdout.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
    // stderr holds the notice alone: its frame and the lines inside it.
    expect(run.stderr.every((line) => /^[+|]/.test(line))).toBe(true);
    // Every line is structured JSON.
    for (const line of run.stdout) expect(() => JSON.parse(line)).not.toThrow();
  });
});
