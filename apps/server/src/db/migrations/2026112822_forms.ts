import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

/**
 * form-service forms (issue 18): one filled-in form template. `fields`, `field_access` and `settlers` are
 * copied from the template at every save until the form is submitted, then pinned (editing the template
 * never changes a submitted form). `state` is the form's (init, executed, settled) or the engine's instance
 * state mirrored after each action in the same transaction, with the current node, so lists filter and
 * sort by plain columns. `node_rules` copies, at submit, what each node of the pinned workflow version allows
 * (reject, forward, close, recall, the log), so the detail can offer the caller's actions. `revision` grows with every change of the form (409 when stale).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const json = jsonColumnType(engine);
  await db.schema
    .createTable('forms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // No cascade: a template with forms cannot be deleted.
    .addColumn('template_id', 'text', (c) => c.notNull().references('form_templates.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('fields', json, (c) => c.notNull())
    // Per approval node of the pinned workflow version: the effective field access and what the node allows.
    .addColumn('field_access', json, (c) => c.notNull())
    .addColumn('node_rules', json, (c) => c.notNull())
    .addColumn('settlers', json, (c) => c.notNull())
    .addColumn('form_values', json, (c) => c.notNull())
    .addColumn('initiator_id', 'text', (c) => c.notNull().references('users.id'))
    // The engine's instance (workflow-service), once submitted with a workflow.
    .addColumn('instance_id', 'text')
    .addColumn('current_node_id', 'text')
    .addColumn('current_node_name', 'text')
    .addColumn('due_at', 'text')
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('settled_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('settled_at', 'text')
    .addColumn('submitted_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('forms_project_updated')
    .on('forms')
    .columns(['project_id', 'updated_at'])
    .execute();
  await db.schema.createIndex('forms_template').on('forms').columns(['template_id']).execute();
  await db.schema.createIndex('forms_initiator').on('forms').columns(['initiator_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('forms').execute();
}
