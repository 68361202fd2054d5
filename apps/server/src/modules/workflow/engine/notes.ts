import { OPINION_KINDS, WORKFLOW_URGE_INTERVAL_MS } from '@lintel/contracts/workflow';
import { opinionHas } from './opinions';
import { type Acting, type ActionOf, appendLog, conflict, open, refuse } from './step';
import { WorkflowRefusal, type WorkflowResult } from './types';
import { currentVisit, nodeOf, presentInstance, progressOf } from './view';

/**
 * What anyone on an instance can add without moving it: a comment, and the initiator's reminder to the
 * handlers. Neither takes a revision (a decision in flight is not made stale by a comment); each takes the
 * next log sequence number under the row's lock.
 */

export async function comment(acting: Acting, action: ActionOf<'comment'>): Promise<WorkflowResult> {
  const { tx, row, actor } = acting;
  const opinion = action.opinion;
  if (!OPINION_KINDS.some((kind) => opinionHas(opinion, kind))) refuse(400, 'workflow.commentEmpty');
  await tx.repo.bumpLogSeq(row.id);
  const seq = (await open(tx, row.id)).log_seq;
  await appendLog(tx, row, seq, actor, 'comment', tx.now(), { opinion });
  return { instance: await presentInstance(tx, await open(tx, row.id)), effects: [] };
}

/** At most once an hour, also for two reminders at once: the row changes only when the window is past. */
export async function urge(acting: Acting, _action: ActionOf<'urge'>): Promise<WorkflowResult> {
  const { tx, graph, subject, actor } = acting;
  if (!acting.isInitiator) refuse(403, 'workflow.notInitiator');
  if (acting.row.state !== 'processing') return conflict(tx, acting.row.id, 'workflow.wrongState');
  const at = tx.clock.now();
  const since = new Date(at.getTime() - WORKFLOW_URGE_INTERVAL_MS).toISOString();
  if (!(await tx.repo.claimUrge(acting.row.id, at.toISOString(), since))) {
    const current = await presentInstance(tx, await open(tx, acting.row.id));
    throw new WorkflowRefusal(
      429,
      'workflow.urgeTooSoon',
      { current, nextAt: current.nextUrgeAt },
      { nextAt: current.nextUrgeAt ?? '' },
    );
  }
  const row = await open(tx, acting.row.id);
  const handlers = progressOf(row, await currentVisit(tx, row)).handlers;
  await appendLog(tx, row, row.log_seq, actor, 'urge', at.toISOString());
  return {
    instance: await presentInstance(tx, row),
    effects: [
      {
        kind: 'notify',
        userIds: handlers,
        subject,
        event: 'urged',
        nodeName: nodeOf(graph, row.current_node)?.name ?? '-',
        senderId: actor,
      },
    ],
  };
}
