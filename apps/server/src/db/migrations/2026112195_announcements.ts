import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

/** announcement-service announcements (modules/announcements): one row per announcement of a project. */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // Kept when the account goes: the receivers still have what was announced.
    .addColumn('sender_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    // Sanitised HTML (a whitelist of formatting tags), and its text cut short for lists.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    // The receivers as chosen: "all" or a JSON array of user ids; and the chosen departments (ids).
    .addColumn('receivers', jsonColumnType(engine), (c) => c.notNull())
    .addColumn('departments', jsonColumnType(engine), (c) => c.notNull())
    .addColumn('stick', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stick_at', 'text')
    .addColumn('recalled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recalled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The sent list: a sender's announcements of a project, newest first.
  await db.schema
    .createIndex('announcements_project_sender_created')
    .on('announcements')
    .columns(['project_id', 'sender_id', 'created_at'])
    .execute();
  await db.schema.createIndex('announcements_sender_id').on('announcements').column('sender_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('announcements').execute();
}
