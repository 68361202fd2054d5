import type { Kysely } from 'kysely';

/** Proof-of-work challenges handed to a source after repeated failures (issue 14); each is used once. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('difficulty', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_challenges_expiry').on('auth_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_challenges').execute();
}
