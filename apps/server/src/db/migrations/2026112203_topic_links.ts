import type { Kysely } from 'kysely';

/**
 * What a topic links to, in order: model elements (model id + IFC GlobalId), files of the project, other
 * records (module + id). Indexed for "the topics of this element" and the list's `modelIds` filter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('topic_links')
    .addColumn('topic_id', 'text', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    // 'element' | 'file' | 'record'
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('model_id', 'text')
    .addColumn('global_id', 'text')
    // The file's or record's id; the record's module.
    .addColumn('target_id', 'text')
    .addColumn('module', 'text')
    .addPrimaryKeyConstraint('topic_links_pk', ['topic_id', 'position'])
    .execute();
  await db.schema
    .createIndex('topic_links_project_global')
    .on('topic_links')
    .columns(['project_id', 'global_id'])
    .execute();
  await db.schema
    .createIndex('topic_links_project_model')
    .on('topic_links')
    .columns(['project_id', 'model_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('topic_links').execute();
}
