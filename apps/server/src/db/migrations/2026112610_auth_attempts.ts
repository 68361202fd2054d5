import type { Kysely } from 'kysely';

/**
 * Attempt counters of the sign-in defenses (issue 14): one row per key (`user:<id>`, `ip:<address>`,
 * `code:<phone>`, …). An attempt is counted by one upsert that also answers the count, before anything is
 * verified; `blocked_until` is the lock of an account or the delay of a source.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .execute();
  await db.schema.createIndex('auth_attempts_window').on('auth_attempts').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_attempts').execute();
}
