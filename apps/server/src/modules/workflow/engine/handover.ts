import type { ApprovalNode, WorkflowApprover } from '@lintel/contracts/workflow';
import type { ErrorKey } from '../../../plugins/messages';
import { checkOpinion } from './opinions';
import { checkNewPerson } from './people';
import { type Acting, type ActionOf, approvalNode, asHandler, claimStep, refuse, type Step } from './step';
import type { WorkflowResult } from './types';
import { currentVisit, progressOf } from './view';

/** A handler brings someone else onto the current visit: forwards it to them, or adds them as a signer. */

/**
 * The actor is a handler of the current node (which allows `permission` when one is named), and `userId` a
 * member who is new to this visit: answers the visit as read and the node.
 */
async function handingOver(acting: Acting, userId: string, invalidKey: ErrorKey, permission?: 'forward') {
  const { tx, row, actor } = acting;
  const visit = await asHandler(acting);
  const node = approvalNode(acting.graph, row);
  if (permission && !node.permissions[permission]) {
    refuse(403, 'workflow.actionNotAllowed', { action: permission });
  }
  await checkNewPerson(tx.people, tx.trx, row.project_id, visit, actor, userId, invalidKey);
  return { visit, node };
}

/** Seats a new, undecided approver on the step's visit at `position`. */
function seat(
  step: Step,
  node: ApprovalNode,
  userId: string,
  position: number,
  addedBy: NonNullable<WorkflowApprover['addedBy']>,
): Promise<void> {
  const { id, round } = step.row;
  return step.tx.repo.insertApprovers([
    { instance_id: id, round, node_id: node.id, user_id: userId, position, added_by: addedBy },
  ]);
}

/** The actor leaves the visit and the target takes their place (their position, their turn). */
export async function forward(acting: Acting, action: ActionOf<'forward'>): Promise<WorkflowResult> {
  const { tx, actor } = acting;
  const { visit, node } = await handingOver(
    acting,
    action.userId,
    'workflow.forwardTargetInvalid',
    'forward',
  );
  const step = await claimStep(acting);
  const row = step.row;
  await step.append(actor, 'forward', { opinion: action.opinion ?? {}, targetUser: action.userId });
  const mine = visit.find((r) => r.user_id === actor)!;
  await tx.repo.decide(row.id, row.round, [actor], { decision: 'forwarded', decided_at: step.at });
  await seat(step, node, action.userId, mine.position, 'forward');
  step.set('acted', 1);
  const after = progressOf(row, await currentVisit(tx, row)).handlers;
  step.syncHandlers(progressOf(row, visit).handlers, after, node.name);
  return step.finish();
}

/**
 * Adds a signer before the actor (they sign first; the actor's turn comes back) or after (the actor passes
 * now, with their opinion, and the signer follows).
 */
export async function addSigner(acting: Acting, action: ActionOf<'addSigner'>): Promise<WorkflowResult> {
  const { tx, actor } = acting;
  const { visit, node } = await handingOver(acting, action.userId, 'workflow.signerInvalid');
  const opinion = action.opinion ?? {};
  const signsAfter = action.position === 'after';
  if (signsAfter) checkOpinion(node, opinion);
  const step = await claimStep(acting);
  const claimed = step.row;
  const before = progressOf(claimed, visit).handlers;
  const seq = await step.append(actor, 'addSigner', { opinion, targetUser: action.userId });
  // On an any-sign node the actor takes the node: the others drop out, the two sign in order.
  let order = visit.filter((r) => r.decision !== 'forwarded' && r.decision !== 'removed');
  if (claimed.round_mode === 'any') {
    const others = order.filter((r) => r.user_id !== actor && r.decision === null).map((r) => r.user_id);
    await tx.repo.decide(claimed.id, claimed.round, others, { decision: 'removed', decided_at: step.at });
    order = order.filter((r) => !others.includes(r.user_id));
    step.set('round_mode', 'sequential');
  }
  const ids = order.map((r) => r.user_id);
  const at = ids.indexOf(actor) + (signsAfter ? 1 : 0);
  ids.splice(at, 0, action.userId);
  await seat(step, node, action.userId, at, signsAfter ? 'signAfter' : 'signBefore');
  for (const [position, userId] of ids.entries()) {
    if (userId !== action.userId) await tx.repo.setPosition(claimed.id, claimed.round, userId, position);
  }
  if (signsAfter) {
    await tx.repo.decide(claimed.id, claimed.round, [actor], {
      decision: 'pass',
      decided_seq: seq,
      decided_at: step.at,
    });
  }
  step.set('acted', 1);
  const after = progressOf(step.row, await currentVisit(tx, step.row)).handlers;
  step.syncHandlers(before, after, node.name);
  return step.finish();
}
