import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../src/db/migrate';
import { openDatabase, SQLITE_FILE_NAME } from '../src/db/open';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder for fixtures shared by every file (conversion-cache.ts, the template databases). */
    testCache: string;
    /** Changes whenever the model converter's code or its libraries change (conversion-cache.ts). */
    converterVersion: string;
    /** A migrated, empty SQLite file: each test app starts from a copy (helper.ts). */
    sqliteTemplate: string;
    /**
     * PostgreSQL: the SQL that makes a migrated, empty schema named TEMPLATE_SCHEMA_NAME (pg_dump of a
     * schema migrated once per run); empty when TEST_DATABASE_URL is not set or pg_dump is missing.
     */
    postgresTemplate: string;
  }
}

/** The placeholder for the schema's name in `postgresTemplate`. */
export const TEMPLATE_SCHEMA_NAME = 'lintel_template_schema';

const serverRoot = new URL('..', import.meta.url).pathname;
const repoRoot = join(serverRoot, '../..');

/**
 * Once per vitest run, before any server test file: what every file would otherwise make again.
 * - Migrations: 62 of them, each its own transaction, cost every test app about 60 ms of CPU on SQLite and
 *   about 190 ms plus the server's work on PostgreSQL (where they also queue behind an advisory lock).
 *   They run once here; a test app's database is a copy (helper.ts `migratedDatabase`). The migrations
 *   themselves are still tested from an empty database (`freshDatabase`, src/db/migrate.test.ts) and by
 *   every test that starts the server as a process.
 * - The folder of the conversion cache (conversion-cache.ts): LINTEL_TEST_CACHE when scripts/test-all.mjs
 *   runs the SQLite and the PostgreSQL passes (so that they share one conversion per sample), otherwise a
 *   temp folder of this run.
 */
export default async function setup(project: TestProject) {
  const given = process.env.LINTEL_TEST_CACHE;
  const cache = given || mkdtempSync(join(tmpdir(), 'lintel-test-cache-'));
  mkdirSync(cache, { recursive: true });
  project.provide('testCache', cache);
  project.provide('converterVersion', converterVersion());

  const templates = mkdtempSync(join(cache, 'templates-'));
  project.provide('sqliteTemplate', await sqliteTemplate(templates));
  const databaseUrl = process.env.TEST_DATABASE_URL || null;
  project.provide('postgresTemplate', databaseUrl ? await postgresTemplate(databaseUrl) : '');

  return () => {
    rmSync(given ? templates : cache, { recursive: true, force: true });
  };
}

/** The converter's sources and the versions of the libraries it runs. */
function converterVersion(): string {
  const hash = createHash('sha256');
  const folder = join(serverRoot, 'src/modules/models/conversion');
  for (const name of readdirSync(folder).sort()) {
    if (name.endsWith('.ts') && !name.endsWith('.test.ts')) hash.update(readFileSync(join(folder, name)));
  }
  for (const pkg of ['web-ifc', '@thatopen/fragments', '@thatopen/components']) {
    try {
      hash.update(readFileSync(join(repoRoot, 'node_modules', pkg, 'package.json')));
    } catch {
      hash.update(`${pkg}: absent`);
    }
  }
  return hash.digest('hex');
}

async function sqliteTemplate(folder: string): Promise<string> {
  const dataDir = join(folder, 'sqlite');
  const handle = openDatabase({ dataDir, databaseUrl: null, sqliteSynchronous: 'normal' });
  try {
    await migrateToLatest(handle.db, handle.engine);
  } finally {
    // Closing checkpoints the WAL into the file: the copy is the whole database.
    await handle.close();
  }
  return join(dataDir, SQLITE_FILE_NAME);
}

/**
 * Migrates a schema of its own, dumps it (tables, indexes, constraints, and the rows migrations wrote,
 * Kysely's bookkeeping included) and drops it. pg_dump writes psql meta-commands (`\restrict`) that a
 * plain query cannot run: they are left out. Without pg_dump the test apps migrate as before.
 */
async function postgresTemplate(databaseUrl: string): Promise<string> {
  const schema = `lintel_tpl_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    const handle = openDatabase({ dataDir: tmpdir(), databaseUrl, pgSchema: schema });
    try {
      // Kysely's migrator looks at every schema: the same shared lock as helper.ts takes (SCHEMA_LOCK_KEY).
      await admin.query('select pg_advisory_lock_shared($1)', [SCHEMA_LOCK_KEY]);
      try {
        await migrateToLatest(handle.db, handle.engine);
      } finally {
        await admin.query('select pg_advisory_unlock_shared($1)', [SCHEMA_LOCK_KEY]);
      }
    } finally {
      await handle.close();
    }
    let dump: string;
    try {
      const { stdout } = await promisify(execFile)(
        'pg_dump',
        [
          '--dbname',
          databaseUrl,
          '--schema',
          schema,
          '--no-owner',
          '--no-privileges',
          '--no-comments',
          '--inserts',
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      dump = stdout;
    } catch (error) {
      console.warn(`pg_dump failed, so every test app migrates its own schema: ${String(error)}`);
      return '';
    }
    const lines = dump.split('\n').filter((line) => !line.startsWith('\\') && !line.startsWith('--'));
    return lines.join('\n').replaceAll(schema, TEMPLATE_SCHEMA_NAME);
  } finally {
    await admin.query('select pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await admin.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]);
    await admin.end();
  }
}

/** helper.ts's advisory lock key for migrations (shared) and schema drops (exclusive). */
export const SCHEMA_LOCK_KEY = 72_616_001;
