import type { Kysely } from 'kysely';

/** personnel-service violation items, each under a violation type (modules/personnel). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('violation_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('type_id', 'text', (c) => c.notNull().references('violation_types.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Item names are unique within their type (spec 001 §5).
  await db.schema
    .createIndex('violation_items_type_name_unique')
    .on('violation_items')
    .columns(['type_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('violation_items_project')
    .on('violation_items')
    .columns(['project_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('violation_items').execute();
}
