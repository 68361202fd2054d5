import type { Kysely } from 'kysely';

/**
 * Files attached to a contact sheet or to one of its replies (files of its project), in the order given:
 * `owner_id` is the sheet's id or the reply's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contactsheet_attachments')
    .addColumn('sheet_id', 'text', (c) => c.notNull().references('contactsheets.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    // A file deleted from the project leaves the sheet without it.
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contactsheet_attachments_pk', ['owner_id', 'file_id'])
    .execute();
  await db.schema
    .createIndex('contactsheet_attachments_sheet')
    .on('contactsheet_attachments')
    .column('sheet_id')
    .execute();
  await db.schema
    .createIndex('contactsheet_attachments_file')
    .on('contactsheet_attachments')
    .column('file_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contactsheet_attachments').execute();
}
