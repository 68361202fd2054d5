import type { Kysely } from 'kysely';

/** The files attached to an announcement (files of its project), in the order the sender gave them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcement_attachments')
    .addColumn('announcement_id', 'text', (c) =>
      c.notNull().references('announcements.id').onDelete('cascade'),
    )
    // A file deleted from the project leaves the announcement without it.
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_attachments_pk', ['announcement_id', 'file_id'])
    .execute();
  await db.schema
    .createIndex('announcement_attachments_file_id')
    .on('announcement_attachments')
    .column('file_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('announcement_attachments').execute();
}
