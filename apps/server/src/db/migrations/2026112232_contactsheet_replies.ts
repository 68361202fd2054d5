import type { Kysely } from 'kysely';

/** Replies to a contact sheet by its receivers (plain text). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contactsheet_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sheet_id', 'text', (c) => c.notNull().references('contactsheets.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contactsheet_replies_sheet')
    .on('contactsheet_replies')
    .columns(['sheet_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contactsheet_replies').execute();
}
