import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../../test/helper';
import { redisAnswers, TEST_REDIS_URL } from '../../events/testSupport';
import { type EventStreamClient, openEventStream } from './testSupport';

/**
 * DESIGN.md §1: two server processes on one PostgreSQL and one Redis behave as one. Process A adds a member,
 * whose browser is connected to process B: the notification arrives on B's stream through Redis.
 */

const serverRoot = fileURLToPath(new URL('../../..', import.meta.url));
const skipReason = !TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set (two processes need a shared PostgreSQL)'
  : !(await redisAnswers())
    ? `no Redis answers at ${TEST_REDIS_URL} (set TEST_REDIS_URL)`
    : null;

interface Server {
  child: ChildProcess;
  base: string;
  output: string[];
  exited: Promise<number | null>;
}

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

/** `npm start`'s process, from the sources (tsx), like test/server.test.ts does. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean)));
  }
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 45_000;
  while (!output.some((line) => line.includes('Lintel is running at'))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, base: `http://127.0.0.1:${port}`, output, exited };
}

/** One request on a socket of its own (no pool left behind to hold a server's shutdown). */
function call(
  method: string,
  url: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<{ status: number; json: unknown; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const outgoing = request(url, {
      method,
      agent: false,
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
    });
    outgoing.once('error', reject);
    outgoing.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          json: text ? JSON.parse(text) : null,
          setCookie: response.headers['set-cookie'] ?? [],
        }),
      );
    });
    outgoing.end(payload);
  });
}

async function signIn(server: Server, name: string, password: string): Promise<string> {
  const response = await call('POST', `${server.base}/api/v1/account-service/login`, {
    body: { name, password },
  });
  expect(response.status).toBe(200);
  return (response.setCookie[0] as string).split(';', 1)[0] as string;
}

describe.skipIf(skipReason !== null)('live delivery across two server processes', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('a notification produced through process A reaches a stream open on process B', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL! });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    cleanups.push(async () => {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    });
    const databaseUrl = new URL(TEST_DATABASE_URL!);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    const env = async (): Promise<Record<string, string>> => {
      const dataDir = await mkdtemp(join(tmpdir(), 'lintel-live-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      return {
        DATA_DIR: dataDir,
        WEB_DIST: join(dataDir, 'no-web'),
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: TEST_REDIS_URL,
        DEMO: '1',
        ADMIN_PASSWORD: 'Admin1234',
      };
    };

    // A first (it migrates and seeds the demo data), then B on the same database.
    const a = await startServer(await env());
    cleanups.push(async () => a.child.kill('SIGKILL'));
    const b = await startServer(await env());
    cleanups.push(async () => b.child.kill('SIGKILL'));

    // zhangsan's browser is connected to B.
    const onB = await signIn(b, 'zhangsan', 'Demo1234');
    const stream: EventStreamClient = await openEventStream(
      `${b.base}/api/v1/base-service/notifications/stream`,
      {
        cookie: onB,
      },
    );
    cleanups.push(async () => stream.close());
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'todos');
    expect(stream.events[0]).toEqual({ event: 'unread', data: { unread: 0 }, id: null });

    // demo, signed in on A, adds zhangsan to the enterprise.
    const demoOnA = await signIn(a, 'demo', 'Demo1234');
    const enterprises = await call('GET', `${a.base}/api/v1/account-service/enterprises`, {
      cookie: demoOnA,
    });
    const [enterprise] = enterprises.json as Array<{ _id: string; name: string }>;
    const added = await call(
      'POST',
      `${a.base}/api/v1/account-service/enterprises/${enterprise!._id}/members`,
      {
        cookie: demoOnA,
        body: { name: 'zhangsan' },
      },
    );
    expect(added.status).toBe(200);

    const arrived = await stream.next((e) => e.event === 'notification', { timeoutMs: 15_000 });
    expect(arrived.data).toMatchObject({
      unread: 1,
      notification: {
        module: 'memberManagement',
        title: `您已加入企业「${enterprise!.name}」`,
        link: '/e',
        read: false,
      },
    });

    // Read on A (another tab on the other process): B's stream hears the count drop.
    const onA = await signIn(a, 'zhangsan', 'Demo1234');
    const listed = await call('GET', `${a.base}/api/v1/base-service/notifications`, { cookie: onA });
    const [notification] = listed.json as Array<{ _id: string }>;
    expect(notification!._id).toBe(arrived.id);
    const mark = stream.events.length;
    const read = await call('PUT', `${a.base}/api/v1/base-service/notifications/${arrived.id}`, {
      cookie: onA,
      body: { read: true },
    });
    expect(read.status).toBe(200);
    expect((await stream.next((e) => e.event === 'unread', { from: mark, timeoutMs: 15_000 })).data).toEqual({
      unread: 0,
    });

    // Both stop at SIGTERM although B still has the stream open, and the stream ends.
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
    await stream.ended;
    for (const server of [a, b]) {
      expect(server.output.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
      expect(server.output.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
    }
  }, 120_000);
});

if (skipReason) {
  describe('live delivery across two server processes', () => {
    it.skip(`skipped: ${skipReason}`, () => undefined);
  });
}
