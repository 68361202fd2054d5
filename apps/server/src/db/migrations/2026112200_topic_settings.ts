import type { Kysely } from 'kysely';

/**
 * topic-service settings (modules/topics): the species and the subcontracts a project's problem topics are
 * filed under (the third list, disciplines, is the project's domains). One table, `kind` tells which list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('topic_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // 'species' | 'subcontract'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Duplicate names in one list of a project are refused (spec 001 §5); this also serves the list itself.
  await db.schema
    .createIndex('topic_settings_project_kind_name_unique')
    .on('topic_settings')
    .columns(['project_id', 'kind', 'name'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('topic_settings').execute();
}
