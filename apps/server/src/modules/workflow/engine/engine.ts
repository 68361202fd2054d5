import type { WorkflowAction, WorkflowChart, WorkflowLogEntry } from '@lintel/contracts/workflow';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { engineTx } from './context';
import { pass, reject } from './decide';
import { deliverEffects } from './effects';
import { addSigner, forward } from './handover';
import { close, recall, resubmit } from './initiator';
import { comment, urge } from './notes';
import { orgPeople } from './people';
import { startInstance } from './start';
import { type Acting, conflict, open, subjectOf } from './step';
import type {
  StartInput,
  WorkflowEffect,
  WorkflowEngineDeps,
  WorkflowInstanceView,
  WorkflowResult,
} from './types';
import { graphOf, presentChart, presentInstance, presentLog } from './view';

export {
  type ProjectPeople,
  type StartInput,
  type WorkflowApproverView,
  type WorkflowEffect,
  type WorkflowEngineDeps,
  type WorkflowInstanceView,
  WorkflowRefusal,
  type WorkflowResult,
  type WorkflowSubject,
} from './types';

/**
 * The approval engine (issue 18, DESIGN.md §2b): runs instances of published workflow templates for the
 * modules that own the records (forms now; tasks, plans, programmes, document reviews later). A module
 * calls it inside its own transaction — `start(trx, …)`, `act(trx, …)` — and, after the commit, hands the
 * returned effects to `deliver` (to-dos and notifications are produced by the notifications module in its
 * own transactions, best effort: they never undo an approval).
 *
 * The engine checks the workflow's rules (who is a handler, node permissions, opinions, states); the
 * module checks the caller's rights on its record and tenant before calling.
 *
 * This file composes the parts: the actions (start, decide, handover, initiator, notes), the reads (view),
 * the delivery (effects); SQL is in engine.repository.ts.
 */

type Actions = {
  [Name in WorkflowAction['action']]: (
    acting: Acting,
    action: Extract<WorkflowAction, { action: Name }>,
  ) => Promise<WorkflowResult>;
};
const ACTIONS: Actions = { pass, reject, forward, addSigner, recall, resubmit, comment, urge, close };

export function createWorkflowEngine({
  db,
  clock,
  notifications,
  log,
  people = orgPeople,
}: WorkflowEngineDeps) {
  const within = (trx: Kysely<Database>) => engineTx(trx, clock, people);

  /**
   * One action on an instance by `actor`. A finished instance, or a `revision` that is not the current one,
   * is 409 with the instance as it is now.
   */
  async function act(
    trx: Kysely<Database>,
    instanceId: string,
    actor: string,
    action: WorkflowAction,
    link = '',
  ): Promise<WorkflowResult> {
    const tx = within(trx);
    const row = await open(tx, instanceId);
    const graph = graphOf(row);
    if (row.state === 'completed' || row.state === 'closed') {
      return conflict(tx, row.id, 'workflow.instanceFinished');
    }
    if ('revision' in action && action.revision !== undefined && action.revision !== row.revision) {
      return conflict(tx, row.id);
    }
    const acting: Acting = {
      tx,
      row,
      graph,
      subject: subjectOf(row, link),
      actor,
      isInitiator: row.initiator_id === actor,
    };
    // TypeScript cannot tie the table's entry to the action's own member of the union: each takes its own.
    const run = ACTIONS[action.action] as (acting: Acting, action: WorkflowAction) => Promise<WorkflowResult>;
    return run(acting, action);
  }

  return {
    /**
     * Starts an instance of the template's latest published version for the subject: the start node's way
     * out by the values, its first approval node's approvers resolved now (none: 400 naming the node).
     */
    start(trx: Kysely<Database>, input: StartInput): Promise<WorkflowResult> {
      return startInstance(within(trx), input);
    },

    act,

    async instance(trx: Kysely<Database>, instanceId: string): Promise<WorkflowInstanceView> {
      const tx = within(trx);
      return presentInstance(tx, await open(tx, instanceId));
    },

    /** The instance of a module's record, if it has one. */
    async instanceOf(trx: Kysely<Database>, module: string, subjectId: string) {
      const tx = within(trx);
      const row = await tx.repo.instanceOfSubject(module, subjectId);
      return row ? presentInstance(tx, row) : null;
    },

    /** Who must act now. */
    async handlers(trx: Kysely<Database>, instanceId: string): Promise<string[]> {
      return (await this.instance(trx, instanceId)).handlers;
    },

    async log(trx: Kysely<Database>, instanceId: string): Promise<WorkflowLogEntry[]> {
      const tx = within(trx);
      const row = await open(tx, instanceId);
      return presentLog(graphOf(row), await tx.repo.logOf(instanceId));
    },

    /** The pinned graph with each node's state and the approvers of its latest visit, edges taken marked. */
    async chart(trx: Kysely<Database>, instanceId: string): Promise<WorkflowChart> {
      const tx = within(trx);
      const row = await open(tx, instanceId);
      return presentChart(row, await tx.repo.approversOfInstance(instanceId));
    },

    /**
     * For a caller without a transaction of its own: runs `work` in one, then delivers its effects after the
     * commit (nothing is delivered when it throws).
     */
    async transaction<T extends { effects: readonly WorkflowEffect[] }>(
      work: (trx: Kysely<Database>) => Promise<T>,
    ): Promise<T> {
      const result = await db.transaction().execute(work);
      await this.deliver(result.effects);
      return result;
    },

    /** After the caller's commit: the to-dos and notifications of the actions, best effort. */
    deliver(effects: readonly WorkflowEffect[]): Promise<void> {
      return deliverEffects({ notifications, log }, effects);
    },
  };
}
export type WorkflowEngine = ReturnType<typeof createWorkflowEngine>;
