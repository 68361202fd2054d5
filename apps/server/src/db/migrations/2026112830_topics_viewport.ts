import type { Kysely } from 'kysely';

/**
 * A topic's viewpoint (issue 16): the viewport saved when the problem was raised from the viewer (camera,
 * section, visibility and a snapshot), which "view in model" restores. Deleting the viewport leaves the
 * topic without one rather than refusing the delete.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('topics')
    .addColumn('viewport_id', 'text', (c) => c.references('viewports.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('topics').dropColumn('viewport_id').execute();
}
