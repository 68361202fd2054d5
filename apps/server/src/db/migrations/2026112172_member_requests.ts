import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scope_type', 'text', (c) => c.notNull())
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('enterprise_id', 'text', (c) => c.notNull().references('enterprises.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inviter_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('invitation_id', 'text', (c) => c.references('member_invitations.id').onDelete('set null'))
    // pending | passed | rejected
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('apply_remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('approval_remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handler_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('handled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_requests_scope_status')
    .on('member_requests')
    .columns(['scope_id', 'scope_type', 'status'])
    .execute();
  await db.schema.createIndex('member_requests_user_id').on('member_requests').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_requests').execute();
}
