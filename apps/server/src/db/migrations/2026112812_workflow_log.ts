import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

/**
 * The append-only log of workflow instances (issue 18): who did what, on which node, with which opinion
 * (text, image, file and signature file ids, mail), the target node of a reject, the person of a forward or
 * an added signer. Rows are only ever inserted: the engine has no update or delete of this table. `seq`
 * numbers an instance's entries (unique, so two writers cannot both take one).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const json = jsonColumnType(engine);
  await db.schema
    .createTable('workflow_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull().references('workflow_instances.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text')
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('opinion', json, (c) => c.notNull())
    .addColumn('target_node', 'text')
    .addColumn('target_user', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addUniqueConstraint('workflow_log_seq', ['instance_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workflow_log').execute();
}
