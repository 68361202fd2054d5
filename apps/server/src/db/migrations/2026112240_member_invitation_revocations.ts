import type { Kysely } from 'kysely';

/**
 * An administrator revokes an invitation link: the row stays (the link then answers 'revoked' rather than
 * 'not found', and requests made through it keep their reference).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member_invitations').addColumn('revoked_at', 'text').execute();
  await db.schema
    .alterTable('member_invitations')
    .addColumn('revoked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member_invitations').dropColumn('revoked_by').execute();
  await db.schema.alterTable('member_invitations').dropColumn('revoked_at').execute();
}
