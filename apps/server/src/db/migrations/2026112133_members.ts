import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // enterprise | circle | project; scope_id names a row of that table (no FK: it is polymorphic).
    .addColumn('scope_type', 'text', (c) => c.notNull())
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('enterprise_id', 'text', (c) => c.notNull().references('enterprises.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('vip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('edit_4d', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phone_secret', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('business_shielding', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    // The permission template (its table arrives with the next issue, which adds the foreign key).
    .addColumn('template_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('members_scope_user_unique')
    .on('members')
    .columns(['scope_type', 'scope_id', 'user_id'])
    .unique()
    .execute();
  await db.schema.createIndex('members_user_id').on('members').column('user_id').execute();
  await db.schema.createIndex('members_enterprise_id').on('members').column('enterprise_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('members').execute();
}
