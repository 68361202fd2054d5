import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

/**
 * form-service templates (issue 18): name (unique per project), group, kind (with a workflow or plain),
 * scope (custom: this project's), status, the fields (contracts' one field schema, JSON), the workflow
 * template the forms run on (a workflow-service id, no foreign key: modules do not share tables), settlers
 * and field access per workflow node (JSON). `revision` grows with every change but status (409 when stale).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const json = jsonColumnType(engine);
  await db.schema
    .createTable('form_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.references('form_template_groups.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // 'workflow' | 'plain'
    .addColumn('kind', 'text', (c) => c.notNull())
    // 'custom' | 'common'
    .addColumn('scope', 'text', (c) => c.notNull())
    // 'enabled' | 'disabled'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('fields', json, (c) => c.notNull())
    .addColumn('workflow_template_id', 'text')
    .addColumn('settlers', json, (c) => c.notNull())
    .addColumn('field_access', json, (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_templates_project_name')
    .on('form_templates')
    .columns(['project_id', 'name'])
    .unique()
    .execute();
  await db.schema.createIndex('form_templates_group').on('form_templates').columns(['group_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_templates').execute();
}
