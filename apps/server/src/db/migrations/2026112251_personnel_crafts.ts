import type { Kysely } from 'kysely';

/** personnel-service crafts (work types) of a project (modules/personnel). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('personnel_crafts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Duplicate names are refused (spec 001 §5); the index also serves the list.
  await db.schema
    .createIndex('personnel_crafts_project_name_unique')
    .on('personnel_crafts')
    .columns(['project_id', 'name'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('personnel_crafts').execute();
}
