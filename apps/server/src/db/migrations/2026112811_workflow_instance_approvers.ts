import type { Kysely } from 'kysely';

/**
 * The approvers of an instance's node visits (issue 18): per round (one node entry), in order, with each
 * one's decision. `decision`: null while waiting, 'pass' | 'reject', or 'forwarded' / 'removed' for a person
 * who no longer counts (forwarded to someone else; dropped from an any-sign node when a signer was added).
 * `decided_seq` orders the decisions (the log's sequence number of the act).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workflow_instance_approvers')
    .addColumn('instance_id', 'text', (c) => c.notNull().references('workflow_instances.id'))
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('decision', 'text')
    .addColumn('decided_seq', 'integer')
    .addColumn('decided_at', 'text')
    // null: resolved at entry; 'forward' | 'signBefore' | 'signAfter': who put them there.
    .addColumn('added_by', 'text')
    .addPrimaryKeyConstraint('workflow_instance_approvers_pk', ['instance_id', 'round', 'user_id'])
    .execute();
  await db.schema
    .createIndex('workflow_instance_approvers_user')
    .on('workflow_instance_approvers')
    .columns(['user_id', 'decision'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workflow_instance_approvers').execute();
}
