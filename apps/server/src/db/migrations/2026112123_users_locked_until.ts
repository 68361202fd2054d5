import type { Kysely } from 'kysely';

/** Until when sign-in is refused after too many failures (null: not locked). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locked_until', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locked_until').execute();
}
