import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_maps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // '' rather than NULL when absent, so that the unique index below compares them (NULLs never collide).
    .addColumn('vendor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('account', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('relation_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One product user per outside account of a service.
  await db.schema
    .createIndex('account_maps_external_unique')
    .on('account_maps')
    .columns(['service', 'vendor', 'account', 'relation_id'])
    .unique()
    .execute();
  await db.schema.createIndex('account_maps_user_id').on('account_maps').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_maps').execute();
}
