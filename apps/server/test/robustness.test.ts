import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { uploadAs } from '../src/modules/files/test-support';
import { withModelTables } from '../src/modules/models/tables';
import { MODELS, postModel, sampleBytes } from '../src/modules/models/test-support';
import { createLocalStorage } from '../src/storage/local';
import { ACCOUNT, buildTestApp, signIn, TEST_DATABASE_URL, type TestApp } from './helper';
import { projectsOf } from './project-api';

/**
 * Issue 14 items 10, 16 and 17: a full disk answers 507 and leaves deletes working (a free-space floor
 * keeps room for them); JSON nested thousands deep is a 400, not a stack overflow; crash leftovers are swept
 * at start and hourly. On SQLite and PostgreSQL.
 */

const TUS = `${MODELS}/uploads`;
const TEXT_LINE = '工地日志 2026-11-21 晴，混凝土浇筑完成。Site log: concrete poured.\n';

let t: TestApp | undefined;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await t?.close();
  t = undefined;
});

function textFile(bytes: number): Buffer {
  const line = Buffer.from(TEXT_LINE);
  return Buffer.concat(Array.from({ length: Math.ceil(bytes / line.length) }, () => line)).subarray(
    0,
    Math.floor(bytes / line.length) * line.length,
  );
}

function uploadText(app: TestApp, cookie: string, projectId: string, bytes: number) {
  return uploadAs(app, cookie, [{ field: 'file', filename: 'site-log.txt', data: textFile(bytes) }], {
    projectId,
  });
}

const meta = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

function tusCreate(app: TestApp, cookie: string, projectId: string, length: number) {
  return app.app.inject({
    method: 'POST',
    url: TUS,
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': meta({ projectId, filename: 'house.ifc' }),
    },
  });
}

function tusPatch(app: TestApp, cookie: string, location: string, offset: number, bytes: Buffer) {
  return app.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

async function partFiles(dataDir: string): Promise<string[]> {
  return (await readdir(join(dataDir, 'files', '.tmp')).catch(() => [] as string[])).filter((name) =>
    name.endsWith('.part'),
  );
}

async function demoSetup(app: TestApp) {
  const cookie = await signIn(app.app);
  const [project] = await projectsOf(app, cookie);
  return { cookie, projectId: project!._id };
}

function expectDiskFull(response: { statusCode: number; json(): unknown }, language: 'zh-CN' | 'en-US') {
  expect(response.statusCode).toBe(507);
  expect(response.json()).toEqual({
    code: 507,
    key: 'common.diskFull',
    message:
      language === 'zh-CN'
        ? '服务器磁盘空间不足，本次内容未保存。请删除不再需要的文件或模型，或联系管理员清理空间'
        : 'The server is running out of disk space, so nothing was saved. Delete files or models you no longer need, or ask your administrator to free up space',
  });
}

describe('a full disk', () => {
  it('a database that cannot grow answers 507, logs the engine error (not a rollback) and keeps nothing', async () => {
    t = await buildTestApp({ env: { DEMO: '1' } });
    const app = t;
    const cookie = await signIn(app.app);
    const logged = (
      await app.app.inject({ method: 'GET', url: `${ACCOUNT}/logged`, headers: { cookie } })
    ).json();
    const userId = logged._id as string;
    if (app.db.engine === 'sqlite') {
      // A real SQLITE_FULL: the database may not grow by a single page.
      await sql`vacuum`.execute(app.db.db);
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(app.db.db);
      await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(app.db.db);
    } else {
      // PostgreSQL's own disk_full (53100), raised by the server inside the real write.
      await sql`create function lintel_disk_full() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(
        app.db.db,
      );
      await sql`create trigger users_disk_full before update on users for each row
        when (new.settings is distinct from old.settings) execute function lintel_disk_full()`.execute(
        app.db.db,
      );
    }
    const put = (key: string, language: string) =>
      app.app.inject({
        method: 'PUT',
        url: `${ACCOUNT}/users/${userId}/settings/${key}?lang=${language}`,
        headers: { cookie },
        payload: { value: 'x'.repeat(15_000) },
      });
    const zh = await put('a', 'zh-CN');
    expectDiskFull(zh, 'zh-CN');
    expectDiskFull(await put('b', 'en-US'), 'en-US');
    const failures = app.logs.filter((line) => line.msg === 'request failed');
    expect(failures.length).toBe(2);
    for (const line of failures) {
      const err = line.err as { code?: string; message?: string };
      expect(err.code).toBe(app.db.engine === 'sqlite' ? 'SQLITE_FULL' : '53100');
      expect(err.message).not.toMatch(/rollback/);
    }
    // Nothing was stored, reads go on.
    const read = await app.app.inject({
      method: 'GET',
      url: `${ACCOUNT}/users/${userId}/settings/a`,
      headers: { cookie },
    });
    expect(read.json().value).not.toBe('x'.repeat(15_000));
    // Once there is room again the same write succeeds.
    if (app.db.engine === 'sqlite') await sql`pragma max_page_count = 1073741823`.execute(app.db.db);
    else await sql`drop trigger users_disk_full on users`.execute(app.db.db);
    expect((await put('a', 'zh-CN')).statusCode).toBe(200);
  });

  it('a file write that runs out of space (ENOSPC) answers 507 and leaves no part file behind', async () => {
    let failWrites = true;
    t = await buildTestApp({
      // The storage's temp file fails like a full disk after 64 KiB once failWrites is set.
      storage: (dataDir) =>
        createLocalStorage(join(dataDir, 'files'), {
          openTempFile: (path) => {
            const file = createWriteStream(path, { flags: 'wx', mode: 0o640 });
            let written = 0;
            return new Writable({
              write(chunk: Buffer, _encoding, callback) {
                written += chunk.length;
                if (failWrites && written > 64 * 1024) {
                  const error = Object.assign(new Error('ENOSPC: no space left on device, write'), {
                    code: 'ENOSPC',
                    errno: -28,
                    syscall: 'write',
                  });
                  callback(error);
                  return;
                }
                file.write(chunk, callback);
              },
              final(callback) {
                file.end(callback);
              },
              destroy(error, callback) {
                file.destroy();
                file.once('close', () => callback(error));
              },
            });
          },
        }),
    });
    const app = t;
    const { cookie, projectId } = await demoSetup(app);
    const before = await app.db.db.selectFrom('files').select('id').execute();
    expectDiskFull(await uploadText(app, cookie, projectId, 512 * 1024), 'zh-CN');
    const ifc = await sampleBytes();
    const model = await postModel(app.app, cookie, projectId, { name: 'house.ifc', bytes: ifc });
    expect(model.statusCode, model.body).toBe(507);
    expect(model.json().key).toBe('common.diskFull');
    expect(await app.db.db.selectFrom('files').select('id').execute()).toEqual(before);
    const versions = withModelTables(app.db.db).selectFrom('model_versions').select('id');
    expect(await versions.execute()).toEqual([]);
    await expect.poll(() => partFiles(app.config.dataDir)).toEqual([]);
    // The disk has room again: the same upload goes through.
    failWrites = false;
    expect((await uploadText(app, cookie, projectId, 512 * 1024)).statusCode).toBe(200);
  });

  it('below MIN_FREE_DISK_MB: health says low, uploads are refused before their body, deletes and edits work', async () => {
    t = await buildTestApp();
    const app = t;
    const { cookie, projectId } = await demoSetup(app);
    const uploaded = await uploadText(app, cookie, projectId, 4096);
    expect(uploaded.statusCode).toBe(200);
    const fileUrl = uploaded.json().files[0] as string;
    const tus = await tusCreate(app, cookie, projectId, 100_000);
    expect(tus.statusCode).toBe(201);
    const location = tus.headers.location as string;

    // The same data and database served by a process whose floor is above the disk's free space.
    const low = buildApp(
      { ...app.config, minFreeDiskBytes: Number.MAX_SAFE_INTEGER },
      { db: { ...app.db, close: async () => undefined }, clock: app.clock },
    );
    cleanups.push(() => low.close());
    await low.ready();
    const lowApp: TestApp = { ...app, app: low };

    const health = await low.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'degraded', database: 'ok', disk: 'low' });

    expectDiskFull(await uploadText(lowApp, cookie, projectId, 4096), 'zh-CN');
    const ifc = await sampleBytes();
    expect((await postModel(low, cookie, projectId, { name: 'house.ifc', bytes: ifc })).statusCode).toBe(507);
    expectDiskFull(await tusCreate(lowApp, cookie, projectId, 100_000), 'zh-CN');
    expect((await tusPatch(lowApp, cookie, location, 0, ifc.subarray(0, 1000))).statusCode).toBe(507);
    // Parallel uploads are all refused; nothing was stored by any of them.
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () => uploadText(lowApp, cookie, projectId, 4096)),
    );
    expect(parallel.map((r) => r.statusCode)).toEqual([507, 507, 507, 507, 507]);
    expect(await app.db.db.selectFrom('files').select('id').execute()).toHaveLength(1);

    // Reads, deletes and small edits go on, so space can be freed through the app.
    expect((await low.inject({ method: 'GET', url: fileUrl, headers: { cookie } })).statusCode).toBe(200);
    const removed = await low.inject({ method: 'DELETE', url: fileUrl, headers: { cookie } });
    expect(removed.statusCode).toBe(200);
    expect((await low.inject({ method: 'GET', url: fileUrl, headers: { cookie } })).statusCode).toBe(404);
    const ended = await low.inject({
      method: 'DELETE',
      url: location,
      headers: { cookie, 'tus-resumable': '1.0.0' },
    });
    expect(ended.statusCode).toBe(204);
    const userId = (await low.inject({ method: 'GET', url: `${ACCOUNT}/logged`, headers: { cookie } })).json()
      ._id as string;
    const edit = await low.inject({
      method: 'PUT',
      url: `${ACCOUNT}/users/${userId}/settings/theme`,
      headers: { cookie },
      payload: { value: 'dark' },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    // The process with room left says ok.
    const fine = await app.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(fine.json()).toEqual({ status: 'ok', database: 'ok', disk: 'ok' });
  });

  it('on a real small disk (tmpfs): the floor refuses uploads, deletes free space; with no floor ENOSPC is a 507', async (context) => {
    const mountPoint = await mkdtemp(join(tmpdir(), 'lintel-tmpfs-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    } catch {
      await rm(mountPoint, { recursive: true, force: true });
      // Not root, or no mount in this container: the injected ENOSPC and floor tests above still ran.
      context.skip('mounting a tmpfs is not allowed here');
      return;
    }
    cleanups.push(async () => {
      try {
        execFileSync('umount', ['-l', mountPoint], { stdio: 'ignore' });
      } finally {
        await rm(mountPoint, { recursive: true, force: true });
      }
    });

    const dataDir = join(mountPoint, 'floor');
    t = await buildTestApp({ env: { DATA_DIR: dataDir, MIN_FREE_DISK_MB: '8' } });
    const app = t;
    const { cookie, projectId } = await demoSetup(app);
    const accepted: string[] = [];
    let refused: Awaited<ReturnType<typeof uploadText>> | null = null;
    for (let i = 0; i < 10 && !refused; i++) {
      app.clock.advance(10_000); // past the free-space cache
      const response = await uploadText(app, cookie, projectId, 3 * 1024 * 1024);
      if (response.statusCode === 200) accepted.push(response.json().files[0]);
      else refused = response;
    }
    expect(accepted.length).toBeGreaterThanOrEqual(3);
    expectDiskFull(refused!, 'zh-CN');
    expect((await app.app.inject({ method: 'GET', url: '/api/v1/health' })).json().disk).toBe('low');
    // Deleting two files brings the disk back above the floor.
    for (const url of accepted.slice(0, 2)) {
      expect((await app.app.inject({ method: 'DELETE', url, headers: { cookie } })).statusCode).toBe(200);
    }
    app.clock.advance(10_000);
    expect((await app.app.inject({ method: 'GET', url: '/api/v1/health' })).json().disk).toBe('ok');
    expect((await uploadText(app, cookie, projectId, 1024 * 1024)).statusCode).toBe(200);
    await app.close();

    // No floor: the disk really fills up, and the write that hits ENOSPC answers 507 with nothing kept.
    const bare = await buildTestApp({ env: { DATA_DIR: join(mountPoint, 'bare'), MIN_FREE_DISK_MB: '0' } });
    t = bare;
    const setup = await demoSetup(bare);
    let full: Awaited<ReturnType<typeof uploadText>> | null = null;
    for (let i = 0; i < 12 && !full; i++) {
      const response = await uploadText(bare, setup.cookie, setup.projectId, 3 * 1024 * 1024);
      if (response.statusCode !== 200) full = response;
    }
    expectDiskFull(full!, 'zh-CN');
    await expect.poll(() => partFiles(bare.config.dataDir)).toEqual([]);
    // Closed before the tmpfs is unmounted (afterEach unmounts first).
    await bare.close();
    t = undefined;
  });
});

describe('crash leftovers', () => {
  it('are swept at start and every hour: old part files and expired resumable uploads, nothing in use', async () => {
    t = await buildTestApp({ ready: false });
    const app = t;
    const temp = join(app.config.dataDir, 'files', '.tmp');
    await mkdir(temp, { recursive: true });
    const hours = (h: number) => new Date(app.clock.now().getTime() - h * 3_600_000);
    await writeFile(join(temp, 'crashed.part'), 'half a file');
    await utimes(join(temp, 'crashed.part'), hours(4), hours(4));
    await writeFile(join(temp, 'recent.part'), 'being written');
    await writeFile(join(temp, 'unrelated.txt'), 'not ours to judge');
    await utimes(join(temp, 'unrelated.txt'), hours(10), hours(10));
    await app.app.ready();
    expect((await readdir(temp)).sort()).toEqual(['recent.part', 'unrelated.txt']);

    const { cookie, projectId } = await demoSetup(app);
    const ifc = await sampleBytes();
    const created = await tusCreate(app, cookie, projectId, ifc.length);
    const location = created.headers.location as string;
    expect((await tusPatch(app, cookie, location, 0, ifc.subarray(0, 4096))).statusCode).toBe(204);

    // An hour later nothing is old enough yet.
    app.clock.advance(3_600_000);
    expect(await app.app.sweepLeftovers()).toEqual({ partialFiles: 0, modelUploads: 0 });
    // A day and a bit later both are leftovers.
    app.clock.advance(24 * 3_600_000);
    expect(await app.app.sweepLeftovers()).toEqual({ partialFiles: 1, modelUploads: 1 });
    // (A day later the session has lapsed too: sign in again.)
    const again = await signIn(app.app);
    const head = await app.app.inject({
      method: 'HEAD',
      url: location,
      headers: { cookie: again, 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(404);
    expect(await readdir(temp)).toEqual(['unrelated.txt']);
  });
});

describe('deeply nested JSON', () => {
  const TOO_DEEP = {
    'zh-CN': { code: 400, key: 'common.jsonTooDeep', message: '请求体嵌套层级过深（最多 64 层）' },
    'en-US': {
      code: 400,
      key: 'common.jsonTooDeep',
      message: 'The request body is nested too deeply (at most 64 levels)',
    },
  };
  const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('is refused with 400 before validation on every route, signed in or not; 64 levels still pass', async () => {
    t = await buildTestApp();
    const app = t;
    const { cookie, projectId } = await demoSetup(app);
    const userId = (
      await app.app.inject({ method: 'GET', url: `${ACCOUNT}/logged`, headers: { cookie } })
    ).json()._id as string;
    const send = (method: 'POST' | 'PUT', url: string, payload: string, language = 'zh-CN') =>
      app.app.inject({
        method,
        url,
        headers: { cookie, 'content-type': 'application/json', 'accept-language': language },
        payload,
      });
    const routes: Array<['POST' | 'PUT', string, (inner: string) => string]> = [
      ['PUT', `${ACCOUNT}/users/${userId}/settings/deep`, (inner) => `{"value":${inner}}`],
      ['PUT', `${ACCOUNT}/projects/${projectId}/settings/deep`, (inner) => `{"value":${inner}}`],
      ['POST', '/api/v1/base-service/queryParams', (inner) => `{"data":{"q":${inner}}}`],
      ['POST', `${ACCOUNT}/login`, (inner) => `{"name":${inner},"password":"x"}`],
      ['POST', `${ACCOUNT}/login`, (inner) => inner],
    ];
    // All at once, as an attacker would send them.
    const answers = await Promise.all(
      routes.flatMap(([method, url, wrap]) => [
        send(method, url, wrap(arrays(10_000))),
        send(method, url, wrap(objects(10_000)), 'en-US'),
      ]),
    );
    answers.forEach((response, i) => {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(i % 2 === 0 ? TOO_DEEP['zh-CN'] : TOO_DEEP['en-US']);
    });
    expect(app.logs.filter((line) => line.msg === 'request failed')).toEqual([]);
    // Nothing was stored.
    const stored = await app.app.inject({
      method: 'GET',
      url: `${ACCOUNT}/users/${userId}/settings/deep`,
      headers: { cookie },
    });
    expect(stored.json().value ?? null).toBeNull();

    // The limit counts nesting, not brackets inside strings; 64 levels (the body's own included) pass.
    const settings = `${ACCOUNT}/users/${userId}/settings/deep`;
    expect((await send('PUT', settings, `{"value":${arrays(63)}}`)).statusCode).toBe(200);
    expect((await send('PUT', settings, `{"value":${arrays(64)}}`)).json().key).toBe('common.jsonTooDeep');
    const brackets = JSON.stringify({ value: `[{"\\${'['.repeat(5000)}` });
    expect((await send('PUT', settings, brackets)).statusCode).toBe(200);
    // Prototype poisoning is still refused by the parser behind the check.
    const poisoned = await send('PUT', settings, '{"value":1,"__proto__":{"isSystemAdmin":true}}');
    expect(poisoned.statusCode).toBe(400);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  const failSignIn = (app: TestApp, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    app.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login`,
      remoteAddress,
      headers,
      payload: { name: 'demo', password: 'Wrong-password-1' },
    });

  it('per-address sign-in limits count the client the proxy names, and a forged header from elsewhere counts for nothing', async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: 'loopback' } });
    const app = t;
    const alice = { 'x-forwarded-for': '203.0.113.5' };
    const bob = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 3; i++)
      expect((await failSignIn(app, alice)).json().key).toBe('account.passwordError');
    expect((await failSignIn(app, alice)).json().key).toBe('account.challengeRequired');
    // Another client behind the same proxy has its own count.
    expect((await failSignIn(app, bob)).json().key).toBe('account.passwordError');
    // A client that is not the proxy cannot pick its address with the header: its socket address counts.
    const direct = '192.0.2.44';
    for (let i = 0; i < 3; i++) await failSignIn(app, { 'x-forwarded-for': `10.0.0.${i}` }, direct);
    expect((await failSignIn(app, { 'x-forwarded-for': '10.0.0.99' }, direct)).json().key).toBe(
      'account.challengeRequired',
    );
  });

  it('without it the header is ignored: every request counts for the socket address', async () => {
    t = await buildTestApp();
    const app = t;
    for (let i = 0; i < 3; i++) await failSignIn(app, { 'x-forwarded-for': `203.0.113.${i}` });
    expect((await failSignIn(app, { 'x-forwarded-for': '198.51.100.7' })).json().key).toBe(
      'account.challengeRequired',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 172.16.0.0/12 ,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
  });
});

describe('durability', () => {
  it.skipIf(TEST_DATABASE_URL)(
    'a real start syncs every SQLite commit (FULL) unless SQLITE_SYNCHRONOUS=normal',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'lintel-sync-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      for (const [value, expected] of [
        [undefined, 2],
        ['normal', 1],
        ['FULL', 2],
      ] as const) {
        const config = loadConfig({
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          ...(value ? { SQLITE_SYNCHRONOUS: value } : {}),
        });
        const app = buildApp(config);
        try {
          const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(app.database.db);
          expect(rows[0]!.synchronous).toBe(expected);
        } finally {
          await app.close();
        }
      }
      expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow(/SQLITE_SYNCHRONOUS/);
    },
  );
});
