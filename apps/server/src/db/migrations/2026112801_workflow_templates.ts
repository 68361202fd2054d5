import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

/**
 * workflow-service templates (issue 18): name (unique per project), group, description, status and the
 * draft graph, freely edited. `revision` grows with every change of the draft or its fields: an edit sends
 * the revision it read, and a stale one is refused (409). `published_version` is the latest frozen version
 * (workflow_template_versions), 0 while never published.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const json = jsonColumnType(engine);
  await db.schema
    .createTable('workflow_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.references('workflow_groups.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // 'enabled' | 'disabled'
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON of contracts' WorkflowGraph.
    .addColumn('graph', json, (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('published_version', 'integer', (c) => c.notNull().defaultTo(0))
    // The draft differs from the latest published version (or none was published): 1, else 0.
    .addColumn('draft_changed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('workflow_templates_project_name')
    .on('workflow_templates')
    .columns(['project_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('workflow_templates_group')
    .on('workflow_templates')
    .columns(['group_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workflow_templates').execute();
}
