import type { Kysely } from 'kysely';

/** The receivers and cc of a contact sheet (forwarded people too), with each one's read and reply state. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contactsheet_people')
    .addColumn('sheet_id', 'text', (c) => c.notNull().references('contactsheets.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The project, repeated so that "received" lists need no join to find the project.
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // receiver | cc
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'text')
    .addColumn('replied', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replied_at', 'text')
    // Who forwarded it to them; null for the people it was sent to.
    .addColumn('forwarded_by', 'text')
    .addColumn('added_at', 'text', (c) => c.notNull())
    // The order the sender (or forwarder) chose: the sheet lists its people so.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contactsheet_people_pk', ['sheet_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('contactsheet_people_user_project')
    .on('contactsheet_people')
    .columns(['user_id', 'project_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contactsheet_people').execute();
}
