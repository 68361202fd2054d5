import type { Kysely } from 'kysely';

/** personnel-service violation types of a project (modules/personnel). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('violation_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('violation_types_project_name_unique')
    .on('violation_types')
    .columns(['project_id', 'name'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('violation_types').execute();
}
