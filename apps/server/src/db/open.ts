import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
} from 'kysely';
import pg from 'pg';
import type { Engine } from './engine';
import type { Database } from './schema';
import { TableWrites } from './table-writes';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Tells in-process caches about writes to the tables they mirror. */
  tableWrites: TableWrites;
  /**
   * SQLite only: a number that changes whenever another connection (another process) committed since
   * the last call (`PRAGMA data_version`). With `tableWrites` (this process's own writes) it tells a cache
   * exactly when a copy may be stale. Absent on PostgreSQL, which has no such cheap signal: caches that
   * must never serve a stale row (rights) are off there.
   */
  otherWrites?: () => number;
  /** Idempotent; after it every query fails (the health check then answers 503). */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL only: the schema to work in (tests give each app its own). */
  pgSchema?: string;
  /** Where a dropped PostgreSQL connection is reported (the request using it fails on its own). */
  onPoolError?: (error: Error) => void;
  /** SQLite only: `PRAGMA synchronous` (SQLITE_SYNCHRONOUS); DEFAULT_SQLITE_SYNCHRONOUS when absent. */
  sqliteSynchronous?: SqliteSynchronous;
}

/**
 * With WAL, NORMAL survives a crash of the process but may lose the last commits on a power cut; FULL also
 * syncs the WAL at every commit, so an acknowledged write survives a power cut too (docs/decisions.md,
 * "Durability": measured at no noticeable cost on the ingest and topic benches).
 */
export type SqliteSynchronous = 'normal' | 'full';
export const DEFAULT_SQLITE_SYNCHRONOUS: SqliteSynchronous = 'full';

export const SQLITE_FILE_NAME = 'lintel.db';
const BUSY_TIMEOUT_MS = 5000;

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openSqlite(options.dataDir, options.sqliteSynchronous ?? DEFAULT_SQLITE_SYNCHRONOUS);
}

/**
 * When a statement fails with SQLITE_FULL (or SQLITE_IOERR, SQLITE_NOMEM…), SQLite has already rolled the
 * transaction back by itself. Kysely then sends its own ROLLBACK, which fails with "no transaction is
 * active" and replaces the real error: the log showed a failed rollback instead of a full disk. A rollback
 * with no transaction open is skipped, so the statement's error is the one the caller sees.
 */
class SqliteDialectKeepingErrors extends SqliteDialect {
  constructor(private readonly database: SqliteDatabase.Database) {
    super({ database });
  }

  override createDriver(): Driver {
    const database = this.database;
    return new (class extends SqliteDriver {
      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (!database.inTransaction) return;
        await super.rollbackTransaction(connection);
      }
    })({ database });
  }
}

function openSqlite(dataDir: string, synchronous: SqliteSynchronous): DatabaseHandle {
  mkdirSync(dataDir, { recursive: true });
  const database = new SqliteDatabase(join(dataDir, SQLITE_FILE_NAME));
  database.pragma('journal_mode = WAL');
  // NORMAL: durable across a crash of the process; FULL: across a power cut too (SqliteSynchronous).
  database.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // SQLite's own lower() and LIKE fold ASCII only; the where compiler uses this for Unicode case folding.
  database.function('lintel_lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  // Prepared before the statement cache patches prepare(): a plain statement answering one number.
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  cachePreparedStatements(database);
  const tableWrites = new TableWrites();
  const db = new Kysely<Database>({
    dialect: new SqliteDialectKeepingErrors(database),
    plugins: [tableWrites],
  });
  return { ...handle(db, 'sqlite', tableWrites), otherWrites: () => dataVersion.get() as number };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running a small query. The
 * same SQL text gets the same compiled statement back (SQLite recompiles it by itself after a schema
 * change). A statement still being iterated (a streamed query) is busy, so a fresh one is prepared then.
 */
function cachePreparedStatements(database: SqliteDatabase.Database): void {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SqliteDatabase.Statement>();
  const schema = { generation: 0 };
  database.prepare = ((source: string) => {
    if (SCHEMA_CHANGE.test(source)) schema.generation++;
    const cached = cache.get(source);
    if (cached && !cached.busy) return cached;
    const statement = rowsBuiltInJs(prepare(source), schema);
    if (!cached) {
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof database.prepare;
}

/** DDL through Kysely (migrations): a cached `select *` may answer other columns afterwards. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/**
 * better-sqlite3 builds each row object property by property, about half of what reading a list page costs
 * (issue 15 §3: 110 µs of 20 topic rows, 55 µs as arrays). A reading statement answers arrays instead and
 * a function compiled from its column names builds the objects, all of one shape (the same object:
 * columns in order, a repeated name keeps its first place and its last value). The builder is made again
 * when the schema may have changed or the row has another number of columns.
 */
function rowsBuiltInJs(
  statement: SqliteDatabase.Statement,
  schema: { generation: number },
): SqliteDatabase.Statement {
  if (!statement.reader) return statement;
  let names = statement.columns().map((column) => column.name);
  if (names.includes('__proto__')) return statement;
  let built = { generation: schema.generation, build: rowBuilder(names) };
  const builder = (values: unknown[]): RowBuilder => {
    if (built.generation !== schema.generation || values.length !== names.length) {
      names = statement.columns().map((column) => column.name);
      built = { generation: schema.generation, build: rowBuilder(names) };
    }
    return built.build;
  };
  statement.raw(true);
  const all = statement.all.bind(statement);
  const get = statement.get.bind(statement);
  const iterate = statement.iterate.bind(statement);
  const patched = statement as unknown as Record<'all' | 'get' | 'iterate', unknown>;
  patched.all = (...parameters: unknown[]) => {
    const rows = all(...parameters) as unknown[][];
    if (rows.length === 0) return rows;
    const build = builder(rows[0]!);
    return rows.map(build);
  };
  patched.get = (...parameters: unknown[]) => {
    const row = get(...parameters) as unknown[] | undefined;
    return row === undefined ? undefined : builder(row)(row);
  };
  patched.iterate = function* (...parameters: unknown[]) {
    for (const row of iterate(...parameters) as IterableIterator<unknown[]>) yield builder(row)(row);
  };
  return statement;
}

function rowBuilder(names: readonly string[]): RowBuilder {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`);
  return new Function('values', `return { ${fields.join(', ')} };`) as RowBuilder;
}

const PG_OID = { int8: 20, json: 114, jsonb: 3802 } as const;

/**
 * Counts come back as int8; they always fit a JS number. JSON comes back as text, like SQLite's (json.ts).
 */
function pgTypeParser(oid: number, format?: string): (value: string) => unknown {
  if (oid === PG_OID.int8) return (value) => Number(value);
  if (oid === PG_OID.json || oid === PG_OID.jsonb) return (value) => value;
  return pg.types.getTypeParser(oid, (format ?? 'text') as 'text');
}

function openPostgres(connectionString: string, options: OpenDatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    types: { getTypeParser: pgTypeParser } as pg.CustomTypesConfig,
    ...(options.pgSchema ? { options: `-c search_path=${quoteIdent(options.pgSchema)}` } : {}),
  });
  // Without listeners a dropped connection (server restart, network cut, terminated backend) would be an
  // unhandled 'error' event and crash the process. Idle clients report through the pool; a client that is
  // checked out reports on itself, while the query it runs fails on its own (and so does the request).
  const report = (error: Error) => options.onPoolError?.(error);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const tableWrites = new TableWrites();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [tableWrites] });
  return handle(db, 'postgres', tableWrites);
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid schema name: ${name}`);
  return name;
}

function handle(db: Kysely<Database>, engine: Engine, tableWrites: TableWrites): DatabaseHandle {
  let closing: Promise<void> | null = null;
  return {
    db,
    engine,
    tableWrites,
    close() {
      closing ??= db.destroy();
      return closing;
    },
  };
}

/** A real round trip to the database (the health check). */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
