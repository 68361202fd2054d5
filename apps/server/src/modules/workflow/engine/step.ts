import type { NotificationModule } from '@lintel/contracts/notifications';
import type {
  ApprovalNode,
  WorkflowAction,
  WorkflowGraph,
  WorkflowLogAction,
  WorkflowOpinion,
} from '@lintel/contracts/workflow';
import { newId } from '../../../db/ids';
import { toJson } from '../../../db/json';
import { AppError } from '../../../plugins/app-error';
import type { ErrorKey } from '../../../plugins/messages';
import type { EngineTx } from './context';
import type { ApproverRow, InstanceRow } from './engine.repository';
import {
  type WorkflowEffect,
  type WorkflowNotifyEvent,
  WorkflowRefusal,
  type WorkflowResult,
  type WorkflowSubjectRef,
} from './types';
import { currentVisit, nodeOf, presentInstance, progressOf } from './view';

/**
 * The frame of every action: reading and claiming the instance, the refusals, and `Step` — one action's
 * writes (log entries, the row's changes) and the effects it leaves for after the commit.
 */

/** One action as `act` received it: the instance as read, its pinned graph, who acts. */
export interface Acting {
  tx: EngineTx;
  row: InstanceRow;
  graph: WorkflowGraph;
  subject: WorkflowSubjectRef;
  actor: string;
  isInitiator: boolean;
}
export type ActionOf<Name extends WorkflowAction['action']> = Extract<WorkflowAction, { action: Name }>;

export function subjectOf(row: InstanceRow, link: string): WorkflowSubjectRef {
  return {
    module: row.subject_module as NotificationModule,
    id: row.subject_id,
    title: row.subject_title,
    projectId: row.project_id,
    link,
  };
}

export function refuse(status: number, key: ErrorKey, params: Record<string, string | number> = {}): never {
  throw new AppError(status, key, { params });
}

export async function open(tx: EngineTx, id: string): Promise<InstanceRow> {
  const row = await tx.repo.findInstance(id);
  if (!row) throw new AppError(404, 'common.notFound');
  return row;
}

/** 409 under `key`, answering the instance as it is now (the caller redraws from it). */
export async function conflict(
  tx: EngineTx,
  id: string,
  key: ErrorKey = 'workflow.staleInstance',
): Promise<never> {
  throw new WorkflowRefusal(409, key, { current: await presentInstance(tx, await open(tx, id)) });
}

/** Takes the instance at the revision read: a second writer at the same revision updates nothing (409). */
export async function claim(tx: EngineTx, row: InstanceRow): Promise<InstanceRow> {
  if (!(await tx.repo.claimRevision(row.id, row.revision))) return conflict(tx, row.id);
  // The log sequence as of the claim (a comment may have written since the first read).
  const fresh = (await tx.repo.findInstance(row.id))!;
  return { ...row, revision: row.revision + 1, log_seq: fresh.log_seq };
}

export function approvalNode(graph: WorkflowGraph, row: InstanceRow): ApprovalNode {
  const node = nodeOf(graph, row.current_node);
  if (node?.kind !== 'approval') throw new Error('workflow: the current node is not an approval node');
  return node;
}

/** A decision of a current handler: the actor must be one (else 409 when they were one, 403 otherwise). */
export async function asHandler({ tx, row, actor }: Acting): Promise<ApproverRow[]> {
  if (row.state !== 'processing') return conflict(tx, row.id, 'workflow.wrongState');
  const visit = await currentVisit(tx, row);
  if (progressOf(row, visit).handlers.includes(actor)) return visit;
  // Waiting for their turn on this visit (sequential, or a signer added before them): not a handler yet.
  if (visit.some((r) => r.user_id === actor && r.decision === null))
    return refuse(403, 'workflow.notHandler');
  if (await tx.repo.wasApprover(row.id, actor)) return conflict(tx, row.id);
  return refuse(403, 'workflow.notHandler');
}

interface LogExtra {
  nodeId?: string | null;
  opinion?: WorkflowOpinion;
  targetNode?: string;
  targetUser?: string;
}

/** One entry of the append-only log at `seq` (the instance's sequence the caller has taken). */
export async function appendLog(
  tx: EngineTx,
  row: Pick<InstanceRow, 'id' | 'current_node' | 'round'>,
  seq: number,
  actorId: string | null,
  action: WorkflowLogAction,
  at: string,
  extra: LogExtra = {},
): Promise<void> {
  await tx.repo.appendLog({
    id: newId(tx.clock.now().getTime()),
    instance_id: row.id,
    seq,
    actor_id: actorId,
    action,
    node_id: extra.nodeId === undefined ? row.current_node : extra.nodeId,
    round: row.round,
    opinion: toJson(extra.opinion ?? {}),
    target_node: extra.targetNode ?? null,
    target_user: extra.targetUser ?? null,
    at,
  });
}

/**
 * One action's writes, after the instance row was claimed at the revision read: the log entries and the
 * row's changes, and the effects to deliver after the commit.
 */
export class Step {
  readonly effects: WorkflowEffect[] = [];
  seq: number;
  readonly changes: Partial<InstanceRow> = {};
  readonly at: string;

  constructor(
    readonly tx: EngineTx,
    public row: InstanceRow,
    readonly graph: WorkflowGraph,
    readonly subject: WorkflowSubjectRef,
  ) {
    this.seq = row.log_seq;
    this.at = tx.now();
  }

  set<K extends keyof InstanceRow>(key: K, value: InstanceRow[K]) {
    this.changes[key] = value;
    this.row = { ...this.row, [key]: value };
  }

  /** Appends a log entry at the next sequence number (on the current node unless told) and answers it. */
  async append(actorId: string | null, action: WorkflowLogAction, extra: LogExtra = {}): Promise<number> {
    this.seq += 1;
    await appendLog(this.tx, this.row, this.seq, actorId, action, this.at, extra);
    return this.seq;
  }

  /** The people and the subject an effect is about (a copy of the list: the caller may change its own). */
  private to(userIds: readonly string[]) {
    return { userIds: [...userIds], subject: this.subject };
  }

  /** A to-do for each of these people, due when the current node is; nobody named, nothing to do. */
  todo(userIds: readonly string[], content: string) {
    if (userIds.length > 0) {
      this.effects.push({ kind: 'todo', ...this.to(userIds), content, dueAt: this.row.node_due_at });
    }
  }

  /** Closes the to-dos of these people, or of everyone on the subject when none are named. */
  closeTodo(userIds?: readonly string[]) {
    if (!userIds) this.effects.push({ kind: 'closeTodo', subject: this.subject });
    else if (userIds.length > 0) this.effects.push({ kind: 'closeTodo', ...this.to(userIds) });
  }

  notify(
    userIds: readonly string[],
    event: Exclude<WorkflowNotifyEvent, 'urged'>,
    nodeName: string,
    senderId: string | null,
  ) {
    if (userIds.length > 0) {
      this.effects.push({ kind: 'notify', ...this.to(userIds), event, nodeName, senderId });
    }
  }

  /** The effects of a changed handler list: to-dos closed for those who left it, added for newcomers. */
  syncHandlers(before: readonly string[], after: readonly string[], nodeName: string) {
    this.closeTodo(before.filter((id) => !after.includes(id)));
    this.todo(
      after.filter((id) => !before.includes(id)),
      nodeName,
    );
  }

  /** Writes the row's changes with the log sequence reached and answers the instance as it is now. */
  async finish(): Promise<WorkflowResult> {
    await this.tx.repo.updateInstance(this.row.id, {
      ...this.changes,
      log_seq: this.seq,
      updated_at: this.at,
    });
    return {
      instance: await presentInstance(this.tx, await open(this.tx, this.row.id)),
      effects: this.effects,
    };
  }
}

/** Claims the instance and opens the action's step on it. */
export async function claimStep({ tx, row, graph, subject }: Acting): Promise<Step> {
  return new Step(tx, await claim(tx, row), graph, subject);
}
