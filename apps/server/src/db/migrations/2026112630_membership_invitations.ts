import type { Kysely } from 'kysely';

/**
 * Invitations addressed to a person (issue 14): adding someone who is not yet in the enterprise makes one,
 * and only that person's acceptance makes them a member. `user_id` is the account the typed phone, name
 * or id matched when it was made (null: none; such an invitation simply never matches anyone).
 * `pending_key` is set only while pending, so its unique index lets one pending invitation per typed person
 * and scope exist (NULLs never collide, in SQLite and PostgreSQL alike).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('membership_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scope_type', 'text', (c) => c.notNull())
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('enterprise_id', 'text', (c) => c.notNull().references('enterprises.id').onDelete('cascade'))
    .addColumn('inviter_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    // userId | name | phone, and the value exactly as typed
    .addColumn('invited_kind', 'text', (c) => c.notNull())
    .addColumn('invited_value', 'text', (c) => c.notNull())
    .addColumn('invited_country_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('template_id', 'text')
    .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('vip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    // pending | accepted | declined | cancelled
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('pending_key', 'text')
    .addColumn('member_id', 'text')
    .addColumn('handled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('membership_invitations_pending_key')
    .on('membership_invitations')
    .column('pending_key')
    .unique()
    .execute();
  await db.schema
    .createIndex('membership_invitations_scope_status')
    .on('membership_invitations')
    .columns(['scope_id', 'scope_type', 'status'])
    .execute();
  await db.schema
    .createIndex('membership_invitations_user_status')
    .on('membership_invitations')
    .columns(['user_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('membership_invitations').execute();
}
