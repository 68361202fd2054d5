import type { Kysely } from 'kysely';

/**
 * worksheet-service contact sheets (modules/contactsheets): one row per sheet of a project. Deleting is
 * soft (`deleted_at`): a deleted sheet still answers "the contact slip has been deleted" and keeps its
 * number used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contactsheets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // contact | notice | change | visa; the number runs per project and kind.
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('number_seq', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('sender_unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull())
    // Plain text, and its first characters on one line for lists and notifications.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reply_needed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_deadline', 'text')
    // Filled by the model module: ids or names, not references (the model may go; the sheet stays).
    .addColumn('model_id', 'text')
    .addColumn('viewport_id', 'text')
    .addColumn('selection_set_id', 'text')
    // sent | recalled (a recalled sheet is the sender's draft until sent again).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('recalled_at', 'text')
    // Someone replied: kept here so that the list filters on it without a join (never unset: a replied
    // sheet cannot be recalled).
    .addColumn('replied', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Numbers are never shared, whatever happens to the counter.
    .addUniqueConstraint('contactsheets_number_unique', ['project_id', 'type', 'number_seq'])
    .execute();
  await db.schema
    .createIndex('contactsheets_project_sent')
    .on('contactsheets')
    .columns(['project_id', 'sent_at'])
    .execute();
  await db.schema
    .createIndex('contactsheets_sender_project')
    .on('contactsheets')
    .columns(['sender_id', 'project_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contactsheets').execute();
}
