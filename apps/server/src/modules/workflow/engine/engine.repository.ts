import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../../db/schema';
import {
  type WorkflowInstanceApproversTable,
  type WorkflowInstancesTable,
  type WorkflowLogTable,
  withWorkflowTables,
} from '../tables';

export type InstanceRow = Selectable<WorkflowInstancesTable>;
export type ApproverRow = Selectable<WorkflowInstanceApproversTable>;
export type LogRow = Selectable<WorkflowLogTable>;

/** One approver of a node visit as it is added: undecided. */
export type NewApprover = Pick<
  ApproverRow,
  'instance_id' | 'round' | 'node_id' | 'user_id' | 'position' | 'added_by'
>;

/**
 * The approval engine's SQL (DESIGN.md §3: SQL only in repositories), on the caller's transaction: the
 * instances, the approvers of each node visit, the append-only log, and the published templates it starts.
 */
export function createEngineRepository(trx: Kysely<Database>) {
  const db = withWorkflowTables(trx);
  return {
    // ── templates (read-only: workflow-service owns them) ──
    /** The template's publishing state in its project (undefined: not there). */
    template(projectId: string, templateId: string) {
      return db
        .selectFrom('workflow_templates')
        .select(['id', 'status', 'published_version'])
        .where('id', '=', templateId)
        .where('project_id', '=', projectId)
        .executeTakeFirst();
    },
    version(templateId: string, version: number) {
      return db
        .selectFrom('workflow_template_versions')
        .select(['version', 'graph'])
        .where('template_id', '=', templateId)
        .where('version', '=', version)
        .executeTakeFirstOrThrow();
    },

    // ── instances ──
    findInstance(id: string): Promise<InstanceRow | undefined> {
      return db.selectFrom('workflow_instances').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** A module's record has at most one instance. */
    instanceOfSubject(module: string, subjectId: string): Promise<InstanceRow | undefined> {
      return db
        .selectFrom('workflow_instances')
        .selectAll()
        .where('subject_module', '=', module)
        .where('subject_id', '=', subjectId)
        .executeTakeFirst();
    },
    async insertInstance(row: Insertable<WorkflowInstancesTable>): Promise<void> {
      await db.insertInto('workflow_instances').values(row).execute();
    },
    async updateInstance(id: string, changes: Updateable<WorkflowInstancesTable>): Promise<void> {
      await db.updateTable('workflow_instances').set(changes).where('id', '=', id).execute();
    },
    /**
     * Takes the instance at the revision read (the next one): false when another writer took it first. The
     * row stays locked by the caller's transaction until it commits.
     */
    async claimRevision(id: string, revision: number): Promise<boolean> {
      const result = await db
        .updateTable('workflow_instances')
        .set({ revision: revision + 1 })
        .where('id', '=', id)
        .where('revision', '=', revision)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** The next log sequence number without a new revision (comments change no state). */
    async bumpLogSeq(id: string): Promise<void> {
      await db
        .updateTable('workflow_instances')
        .set((eb) => ({ log_seq: eb('log_seq', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
    /**
     * Records a reminder at `at` when the last one is at or before `since` (or none was sent), taking the next
     * log sequence number; false when the window is not past. One statement, so two reminders at once send one.
     */
    async claimUrge(id: string, at: string, since: string): Promise<boolean> {
      const result = await db
        .updateTable('workflow_instances')
        .set((eb) => ({ last_urged_at: at, log_seq: eb('log_seq', '+', 1) }))
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_urged_at', 'is', null), eb('last_urged_at', '<=', since)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    // ── approvers ──
    /** The approvers of one node visit, in signing order. */
    approversOfRound(instanceId: string, round: number): Promise<ApproverRow[]> {
      return db
        .selectFrom('workflow_instance_approvers')
        .selectAll()
        .where('instance_id', '=', instanceId)
        .where('round', '=', round)
        .orderBy('position')
        .execute();
    },
    /** Every visit's approvers, oldest visit first (the chart). */
    approversOfInstance(instanceId: string): Promise<ApproverRow[]> {
      return db
        .selectFrom('workflow_instance_approvers')
        .selectAll()
        .where('instance_id', '=', instanceId)
        .orderBy('round')
        .orderBy('position')
        .execute();
    },
    /** Whether the person was an approver of any visit of the instance. */
    async wasApprover(instanceId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('workflow_instance_approvers')
        .select('user_id')
        .where('instance_id', '=', instanceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
    async insertApprovers(approvers: readonly NewApprover[]): Promise<void> {
      if (approvers.length === 0) return;
      await db
        .insertInto('workflow_instance_approvers')
        .values(
          approvers.map((approver) => ({
            ...approver,
            decision: null,
            decided_seq: null,
            decided_at: null,
          })),
        )
        .execute();
    },
    /** The decision of approvers of one visit: pass or reject (with its log entry), forwarded or removed. */
    async decide(
      instanceId: string,
      round: number,
      userIds: readonly string[],
      decision: Pick<ApproverRow, 'decision' | 'decided_at'> & { decided_seq?: number },
    ): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .updateTable('workflow_instance_approvers')
        .set(decision)
        .where('instance_id', '=', instanceId)
        .where('round', '=', round)
        .where('user_id', 'in', userIds)
        .execute();
    },
    async setPosition(instanceId: string, round: number, userId: string, position: number): Promise<void> {
      await db
        .updateTable('workflow_instance_approvers')
        .set({ position })
        .where('instance_id', '=', instanceId)
        .where('round', '=', round)
        .where('user_id', '=', userId)
        .execute();
    },

    // ── log ──
    async appendLog(entry: Insertable<WorkflowLogTable>): Promise<void> {
      await db.insertInto('workflow_log').values(entry).execute();
    },
    logOf(instanceId: string): Promise<LogRow[]> {
      return db
        .selectFrom('workflow_log')
        .selectAll()
        .where('instance_id', '=', instanceId)
        .orderBy('seq')
        .execute();
    },
  };
}
export type EngineRepository = ReturnType<typeof createEngineRepository>;
