import type { ApprovalMode } from './schemas';

/**
 * How far one approval node has come (spec 001 §3 "approval mode"). The engine keeps, for the node's current
 * round, the approvers it resolved at entry (in order; forwarding and adding signers change that list) and
 * the decisions taken so far; this says who must act now and whether the node is decided.
 *
 * - any: the first decision decides the node (its other approvers' to-dos close);
 * - all: every approver passes, and one rejection rejects the node at once;
 * - sequential: the approvers act one after another in their order; a rejection rejects the node.
 */

export type NodeDecision = 'pass' | 'reject';

export interface NodeAct {
  userId: string;
  decision: NodeDecision;
}

export type NodeOutcome = 'pending' | 'passed' | 'rejected';

export interface NodeProgress {
  outcome: NodeOutcome;
  /** Who must act now (empty once decided). */
  handlers: string[];
  /** Approvers who have passed, in the order they acted. */
  passedBy: string[];
}

export function nodeProgress(
  mode: ApprovalMode,
  approvers: readonly string[],
  acts: readonly NodeAct[],
): NodeProgress {
  const members = new Set(approvers);
  const decided = new Map<string, NodeDecision>();
  const passedBy: string[] = [];
  for (const act of acts) {
    // An act of someone who is no longer an approver (forwarded away) or a second act of the same person
    // does not count: the engine refuses both, this only keeps the reading safe.
    if (!members.has(act.userId) || decided.has(act.userId)) continue;
    decided.set(act.userId, act.decision);
    if (act.decision === 'reject') return { outcome: 'rejected', handlers: [], passedBy };
    passedBy.push(act.userId);
    if (mode === 'any') return { outcome: 'passed', handlers: [], passedBy };
  }
  const waiting = approvers.filter((userId) => !decided.has(userId));
  if (approvers.length > 0 && waiting.length === 0) return { outcome: 'passed', handlers: [], passedBy };
  if (mode === 'sequential') return { outcome: 'pending', handlers: waiting.slice(0, 1), passedBy };
  return { outcome: 'pending', handlers: waiting, passedBy };
}

/** Whether `userId` may decide on the node now (is one of its current handlers). */
export function mayDecide(
  mode: ApprovalMode,
  approvers: readonly string[],
  acts: readonly NodeAct[],
  userId: string,
) {
  return nodeProgress(mode, approvers, acts).handlers.includes(userId);
}
