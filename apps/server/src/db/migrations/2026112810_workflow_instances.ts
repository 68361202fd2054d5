import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

/**
 * Running workflow instances (issue 18, the engine): one per subject record of a module (a form, later a
 * task or a document review). `graph` is the pinned template version's graph, copied at start so that
 * editing, re-publishing or deleting the template never changes a running instance; `template_version` names
 * the version it came from. `revision` grows with every action: each action updates the row only at the
 * revision it read (two approvers at once: exactly one wins). `round` grows with every node entry, so the
 * approver rows of an earlier visit of a node never count again.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const json = jsonColumnType(engine);
  await db.schema
    .createTable('workflow_instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('template_version', 'integer', (c) => c.notNull())
    .addColumn('graph', json, (c) => c.notNull())
    .addColumn('subject_module', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('subject_title', 'text', (c) => c.notNull())
    .addColumn('initiator_id', 'text', (c) => c.notNull().references('users.id'))
    // processing | reject | recall | completed | closed
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('current_node', 'text')
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    // The node ids entered since the last submit, in order (reject targets are among them).
    .addColumn('route', json, (c) => c.notNull())
    .addColumn('form_values', json, (c) => c.notNull())
    // node id → user ids the initiator (or a previous approver) picked.
    .addColumn('picked', json, (c) => c.notNull())
    // The approval mode of the current round ('any' becomes 'sequential' once a signer is added).
    .addColumn('round_mode', 'text')
    .addColumn('node_entered_at', 'text')
    .addColumn('node_due_at', 'text')
    // 1 once an approver acted since the last submit (recall is refused from then on).
    .addColumn('acted', 'integer', (c) => c.notNull().defaultTo(0))
    // The last log entry's sequence number (the log's writers take the next one under the row's lock).
    .addColumn('log_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_urged_at', 'text')
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('workflow_instances_subject', ['subject_module', 'subject_id'])
    .execute();
  await db.schema
    .createIndex('workflow_instances_project')
    .on('workflow_instances')
    .columns(['project_id', 'state'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workflow_instances').execute();
}
