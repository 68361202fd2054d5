import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scope_type', 'text', (c) => c.notNull())
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('enterprise_id', 'text', (c) => c.notNull().references('enterprises.id').onDelete('cascade'))
    .addColumn('inviter_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // SHA-256 of the token (hex); the token itself is answered once and never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_invitations_scope')
    .on('member_invitations')
    .columns(['scope_id', 'scope_type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_invitations').execute();
}
