import type { Kysely } from 'kysely';

/**
 * The last topic number given out per project. Taken with one atomic upsert (INSERT … ON CONFLICT DO UPDATE
 * … RETURNING) inside the creating transaction, so concurrent creations never share a number, and a
 * deleted topic's number is never given again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('topic_counters')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('topic_counters').execute();
}
