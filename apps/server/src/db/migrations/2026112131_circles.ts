import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('circles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enterprise_id', 'text', (c) => c.notNull().references('enterprises.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('circles.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('circles_enterprise_id').on('circles').column('enterprise_id').execute();
  await db.schema.createIndex('circles_parent_id').on('circles').column('parent_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('circles').execute();
}
