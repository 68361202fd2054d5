import type { Kysely } from 'kysely';

/**
 * Who a form concerns, for the list's tabs and the read rights (issue 18): `handler` (a current handler,
 * replaced after every action), `processed` (acted on it: passed, rejected, forwarded, added a signer,
 * closed) and `cc` (told when a node passed). Written by form-service in the action's transaction from
 * what the engine answers; the engine's own tables stay its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_people')
    .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'handler' | 'processed' | 'cc'
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('form_people_pk', ['form_id', 'user_id', 'role'])
    .execute();
  await db.schema.createIndex('form_people_user').on('form_people').columns(['user_id', 'role']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_people').execute();
}
