import { type Kysely, type Migration, type MigrationResultSet, Migrator, sql } from 'kysely';
import type { Engine } from './engine';
import { MIGRATIONS } from './migrations/index';
import type { Database } from './schema';

/** Kysely migrations only take the db; ours also get the engine (for jsonb versus text). */
function provider(engine: Engine) {
  const migrations: Record<string, Migration> = {};
  for (const [name, module] of Object.entries(MIGRATIONS)) {
    const down = module.down;
    migrations[name] = {
      up: (db) => module.up(db as Kysely<unknown>, engine),
      ...(down ? { down: (db: Kysely<unknown>) => down(db, engine) } : {}),
    };
  }
  return { getMigrations: async () => migrations };
}

/**
 * Brings the schema to the latest migration. Safe to run at every start and from several processes at
 * once (Kysely takes a lock). Returns the names it applied; throws on the first failure.
 */
export async function migrateToLatest(db: Kysely<Database>, engine: Engine): Promise<string[]> {
  // Kysely looks for its own tables in every schema unless told which one: with another schema already
  // migrated in the same database (a second installation, parallel tests) it would skip creating them.
  const migrationTableSchema = engine === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db,
    provider: provider(engine),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  let outcome: MigrationResultSet = await migrator.migrateToLatest();
  // Kysely's introspection looks every schema of the database up by name: one dropped by someone else
  // meanwhile (another installation, a parallel test) fails it with 3F000 before any migration ran, and
  // every migration runs in a transaction anyway. Such a failure is simply tried again.
  for (let attempt = 1; attempt < VANISHED_SCHEMA_ATTEMPTS && isVanishedSchema(outcome.error); attempt++) {
    outcome = await migrator.migrateToLatest();
  }
  const { error, results } = outcome;
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(
      `migration ${failed ?? '(unknown)'} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

const VANISHED_SCHEMA_ATTEMPTS = 3;

/** PostgreSQL invalid_schema_name: a schema the query named (by name) no longer exists. */
function isVanishedSchema(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === '3F000';
}

async function currentSchema(db: Kysely<Database>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}
