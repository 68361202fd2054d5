import type { Kysely } from 'kysely';

/**
 * Which version of the user agreement and of the privacy policy an account accepted, and when (issue 17,
 * PIPL): one row per account, kind and version, written with the registration that required it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_consents')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'agreement' | 'privacy'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('accepted_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addPrimaryKeyConstraint('user_consents_pk', ['user_id', 'kind', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_consents').execute();
}
