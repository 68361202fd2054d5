import type { Kysely } from 'kysely';

/** Who received an announcement (resolved when it was sent), with each receiver's read state. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcement_receipts')
    .addColumn('announcement_id', 'text', (c) =>
      c.notNull().references('announcements.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The project, repeated here so that the received list and "delete all received" need no join.
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'text')
    // The receiver deleted it from their list; the sender still sees them as a receiver.
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('announcement_receipts_pk', ['announcement_id', 'user_id'])
    .execute();
  // The received list of a user in a project.
  await db.schema
    .createIndex('announcement_receipts_user_project')
    .on('announcement_receipts')
    .columns(['user_id', 'project_id', 'hidden'])
    .execute();
  await db.schema
    .createIndex('announcement_receipts_project_id')
    .on('announcement_receipts')
    .column('project_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('announcement_receipts').execute();
}
