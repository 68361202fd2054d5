import type { Kysely } from 'kysely';

/**
 * The last contact-sheet number given out per project and kind. Taken with one atomic upsert (INSERT … ON
 * CONFLICT DO UPDATE … RETURNING) inside the creating transaction, so concurrent creations never share a
 * number, and a deleted sheet's number is never given again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contactsheet_counters')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contactsheet_counters_pk', ['project_id', 'type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contactsheet_counters').execute();
}
