import type { Kysely } from 'kysely';

/**
 * The user agreement and the privacy policy (issue 17, PIPL), as a system administrator replaced them: one
 * row per version, never changed once written. No row for a kind: the texts shipped with the product are in
 * force as version 1; the first replacement is version 2, and every changed text a version more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('clause_texts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'agreement' | 'privacy'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('text_zh', 'text', (c) => c.notNull())
    .addColumn('text_en', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('clause_texts_kind_version', ['kind', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('clause_texts').execute();
}
