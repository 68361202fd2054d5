import { type Kysely, sql } from 'kysely';

/**
 * personnel-service units (modules/personnel): the labour subcontractors and teams of a project, a tree by
 * `parent_id` (null: top level). Deleting one marks it deleted (its exited staff still name it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('personnel_units')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Duplicate unit names in a project are refused (spec 001 §5) among the units not deleted.
  await db.schema
    .createIndex('personnel_units_project_name_unique')
    .on('personnel_units')
    .columns(['project_id', 'name'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('personnel_units_project')
    .on('personnel_units')
    .columns(['project_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('personnel_units').execute();
}
