import type { Kysely } from 'kysely';

/** The profile payload of spec 000 §3 (registration step 2): null until the user completes it. */
const COLUMNS = ['city', 'work', 'project', 'company', 'position'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('sex', 'integer').execute();
  // One column per statement: SQLite's ALTER TABLE adds one column at a time.
  for (const column of COLUMNS) await db.schema.alterTable('users').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['sex', ...COLUMNS]) await db.schema.alterTable('users').dropColumn(column).execute();
}
