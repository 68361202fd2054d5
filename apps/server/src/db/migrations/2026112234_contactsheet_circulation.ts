import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

/** The circulation record of a contact sheet: every send, read, reply, forward, recall, edit and resend. */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('contactsheet_circulation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sheet_id', 'text', (c) => c.notNull().references('contactsheets.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'text', (c) => c.notNull())
    // JSON array of user ids: who it went to (send, resend, forward).
    .addColumn('users', jsonColumnType(engine), (c) => c.notNull())
    // The forward's remark or the reply's text.
    .addColumn('remark', 'text')
    .execute();
  await db.schema
    .createIndex('contactsheet_circulation_sheet')
    .on('contactsheet_circulation')
    .columns(['sheet_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contactsheet_circulation').execute();
}
