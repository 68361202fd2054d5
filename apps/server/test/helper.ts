import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app';
import { type Config, type Env, loadConfig } from '../src/config';
import { migrateToLatest } from '../src/db/migrate';
import { type DatabaseHandle, openDatabase, SQLITE_FILE_NAME } from '../src/db/open';
import { seedDatabase } from '../src/db/seeds/index';
import type { Storage } from '../src/storage/index';
import { TestClock } from './clock';
import { markDatabaseUse } from './database-files';
import { SCHEMA_LOCK_KEY, TEMPLATE_SCHEMA_NAME } from './global-setup';

export const TEST_ADMIN_PASSWORD = 'Admin1234';
export const ACCOUNT = '/api/v1/account-service';

/** Set to run the suite on PostgreSQL (DESIGN.md §7): every app then gets a schema of its own. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Removes what fresh() created (the temp folder or the schema); call after the handle is closed. */
  dispose(): Promise<void>;
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Kysely's migrator introspects every schema of the database; a schema dropped meanwhile by another test
 * process makes that introspection fail ("schema t_… does not exist"). So on PostgreSQL, migrations hold
 * an advisory lock (SCHEMA_LOCK_KEY) shared and drops hold it exclusively: they never overlap, across
 * processes and runs.
 */
export async function withSchemaLock<T>(mode: 'shared' | 'exclusive', run: () => Promise<T>): Promise<T> {
  if (!TEST_DATABASE_URL) return run();
  const suffix = mode === 'shared' ? '_shared' : '';
  return withAdminClient(async (client) => {
    await client.query(`select pg_advisory_lock${suffix}($1)`, [SCHEMA_LOCK_KEY]);
    try {
      return await run();
    } finally {
      await client.query(`select pg_advisory_unlock${suffix}($1)`, [SCHEMA_LOCK_KEY]);
    }
  });
}

/** A fresh, empty database: a temp SQLite file, or a new PostgreSQL schema t_<random>. */
export function freshDatabase(
  onPoolError?: (error: Error) => void,
): Promise<TestDatabase & { dataDir: string }> {
  return newDatabase({ migrated: false, ...(onPoolError ? { onPoolError } : {}) });
}

/**
 * A fresh database with every migration applied, as a first start leaves it before seeding: a copy of the
 * run's template (global-setup.ts) — the SQLite file copied, the PostgreSQL schema made from the template's
 * dump in one round trip — or, without a template, migrated here.
 */
export async function migratedDatabase(
  onPoolError?: (error: Error) => void,
): Promise<TestDatabase & { dataDir: string }> {
  const database = await newDatabase({ migrated: true, ...(onPoolError ? { onPoolError } : {}) });
  if (database.migrated) return database;
  try {
    await withSchemaLock('shared', () => migrateToLatest(database.handle.db, database.handle.engine));
  } catch (error) {
    await database.handle.close();
    await database.dispose();
    throw error;
  }
  return database;
}

/** A provided value of global-setup.ts, or '' when the file runs without it. */
function provided(key: 'sqliteTemplate' | 'postgresTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

async function newDatabase(options: {
  migrated: boolean;
  onPoolError?: (error: Error) => void;
}): Promise<TestDatabase & { dataDir: string; migrated: boolean }> {
  markDatabaseUse();
  const dataDir = await mkdtemp(join(tmpdir(), 'lintel-test-'));
  if (!TEST_DATABASE_URL) {
    const template = options.migrated ? provided('sqliteTemplate') : '';
    if (template) await copyFile(template, join(dataDir, SQLITE_FILE_NAME));
    // A test needs no power-cut durability: NORMAL spares the suite an fsync per commit (the FULL default of
    // a real start is checked in robustness.test.ts).
    const handle = openDatabase({ dataDir, databaseUrl: null, sqliteSynchronous: 'normal' });
    return {
      handle,
      dataDir,
      migrated: template !== '',
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? provided('postgresTemplate') : '';
  await withAdminClient((client) =>
    client.query(template ? template.replaceAll(TEMPLATE_SCHEMA_NAME, schema) : `create schema ${schema}`),
  );
  const handle = openDatabase({
    dataDir,
    databaseUrl: TEST_DATABASE_URL,
    pgSchema: schema,
    ...(options.onPoolError ? { onPoolError: options.onPoolError } : {}),
  });
  return {
    handle,
    dataDir,
    migrated: template !== '',
    dispose: async () => {
      await withSchemaLock('exclusive', () =>
        withAdminClient((client) => client.query(`drop schema if exists ${schema} cascade`)),
      );
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults (DEMO=1 without the demo model, ADMIN_PASSWORD, LOG_LEVEL=silent). */
  env?: Env;
  clock?: TestClock;
  /** Leave the app un-ready, so that a test can add routes first. */
  ready?: boolean;
  /** The file storage, made for the app's DATA_DIR (default: the local folder DATA_DIR/files). */
  storage?: (dataDir: string) => Storage;
  /**
   * Every demo account with a phone, as on a real start (issue 17). Default false: zhangsan and admin have
   * none, because many tests need an account without a phone (binding one, proving with the password).
   */
  demoPhones?: boolean;
  /** The demo's last month of gate events, as on a real start (issue 17). Default false. */
  demoAttendance?: boolean;
}

export interface TestApp {
  app: App;
  config: Config;
  clock: TestClock;
  db: DatabaseHandle;
  /** Every log line the app wrote, parsed (set LOG_LEVEL in env to see more than errors). */
  logs: Array<Record<string, unknown>>;
  /** Errors the PostgreSQL pool reported on idle connections (a dropped connection). */
  databaseErrors: Error[];
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, migrated and seeded like a first start (admin + demo data).
 * WEB_DIST points at an empty temp folder unless a test gives one.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const databaseErrors: Error[] = [];
  const database = await migratedDatabase((error) => databaseErrors.push(error));
  const env: Env = {
    DEMO: '1',
    // The demo project's sample model would cost every test app a conversion; the models tests turn it on.
    DEMO_MODEL: '0',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: 'error',
    DATA_DIR: database.dataDir,
    WEB_DIST: join(database.dataDir, 'web-dist-absent'),
    ...options.env,
  };
  const config = loadConfig(env);
  const clock = options.clock ?? new TestClock();
  const logs: Array<Record<string, unknown>> = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line));
  });
  const app = buildApp(config, {
    db: database.handle,
    clock,
    logStream,
    ...(options.storage ? { storage: options.storage(config.dataDir) } : {}),
  });
  try {
    await seedDatabase({
      db: database.handle.db,
      clock,
      log: app.log,
      adminPassword: config.adminPassword,
      demo: config.demo,
      demoModel: config.demoModel,
      smsTestNumbers: config.smsTestNumbers,
      demoPhones: options.demoPhones ?? false,
      // A month of gate events is a cost most test apps would pay for nothing; the demo's own test asks.
      demoAttendance: options.demoAttendance ?? false,
    });
    if (options.ready !== false) await app.ready();
  } catch (error) {
    // Leave nothing behind (no stray schema in the shared test database).
    await app.close().catch(() => undefined);
    await database.dispose();
    throw error;
  }
  let closed = false;
  return {
    app,
    config,
    clock,
    db: database.handle,
    logs,
    databaseErrors,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.dispose();
    },
  };
}

/** The session cookie pair (`name=value`) a response set, for the next request's Cookie header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const line = Array.isArray(header) ? header[0] : header;
  if (!line) throw new Error('no Set-Cookie in the response');
  return line.split(';', 1)[0] as string;
}

export async function login(
  app: App,
  name: string,
  password: string,
  extra: { rememberMe?: boolean; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${ACCOUNT}/login`,
    payload: { name, password, ...(extra.rememberMe === undefined ? {} : { rememberMe: extra.rememberMe }) },
    headers: extra.cookie ? { cookie: extra.cookie } : {},
  });
}

/** Signs in and answers the Cookie header value for later requests. */
export async function signIn(app: App, name = 'demo', password = 'Demo1234'): Promise<string> {
  const response = await login(app, name, password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookieOf(response);
}
