import { type Kysely, sql } from 'kysely';

/**
 * form-service template groups (issue 18): a project's form templates sorted into groups at most two levels
 * deep. Names are unique among siblings through two partial unique indexes (top level, below a parent), so
 * two requests at once cannot both pass.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_template_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // null: a top-level group; else a top-level group of the same project.
    .addColumn('parent_id', 'text', (c) => c.references('form_template_groups.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_template_groups_top_name')
    .on('form_template_groups')
    .columns(['project_id', 'name'])
    .unique()
    .where(sql.ref('parent_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('form_template_groups_sub_name')
    .on('form_template_groups')
    .columns(['parent_id', 'name'])
    .unique()
    .where(sql.ref('parent_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_template_groups').execute();
}
