import type { ApprovalNode } from '@lintel/contracts/workflow';
import { fromJson, toJson } from '../../../db/json';
import { AppError } from '../../../plugins/app-error';
import { checkOpinion } from './opinions';
import { checkPicks } from './people';
import { enter, passNode } from './routing';
import { type Acting, type ActionOf, approvalNode, asHandler, claimStep, refuse } from './step';
import type { WorkflowResult } from './types';
import { currentVisit, nodeOf, progressOf } from './view';

/** A handler's decision on the current node: pass (the node may be decided) or reject (back along the route). */

export async function pass(acting: Acting, action: ActionOf<'pass'>): Promise<WorkflowResult> {
  const { tx, graph, actor } = acting;
  const visit = await asHandler(acting);
  const node = approvalNode(graph, acting.row);
  const opinion = action.opinion ?? {};
  checkOpinion(node, opinion);
  // An approver may pick the people of later nodes that take the initiator's picks.
  if (action.pickedApprovers)
    await checkPicks(tx.people, tx.trx, acting.row.project_id, action.pickedApprovers);
  const step = await claimStep(acting);
  const row = step.row;
  if (action.pickedApprovers) {
    step.set('picked', toJson({ ...fromJson(row.picked, {}), ...action.pickedApprovers }));
  }
  const seq = await step.append(actor, 'pass', { opinion });
  await tx.repo.decide(row.id, row.round, [actor], {
    decision: 'pass',
    decided_seq: seq,
    decided_at: step.at,
  });
  step.set('acted', 1);
  const before = progressOf(row, visit).handlers;
  const progress = progressOf(row, await currentVisit(tx, row));
  step.closeTodo([actor]);
  if (progress.outcome === 'passed') {
    step.closeTodo();
    await passNode(step, node, actor);
  } else
    step.syncHandlers(
      before.filter((id) => id !== actor),
      progress.handlers,
      node.name,
    );
  return step.finish();
}

export async function reject(acting: Acting, action: ActionOf<'reject'>): Promise<WorkflowResult> {
  const { tx, graph, actor } = acting;
  await asHandler(acting);
  const node = approvalNode(graph, acting.row);
  if (!node.permissions.reject) refuse(403, 'workflow.actionNotAllowed', { action: 'reject' });
  const opinion = action.opinion ?? {};
  checkOpinion(node, opinion);
  const route = fromJson<string[]>(acting.row.route, []);
  const here = route.lastIndexOf(node.id);
  const startId = route[0]!;
  // Only back: to the initiator, the node before, or a node this instance has passed on its way here.
  let target: string | undefined;
  if (action.target === 'start') target = startId;
  else if (action.target === 'previous') target = route[here - 1];
  else target = route.slice(0, here).includes(action.target) ? action.target : undefined;
  if (target === undefined) {
    throw new AppError(400, 'workflow.rejectTargetInvalid', {
      params: { target: action.target },
      details: [{ path: 'target', key: 'workflow.rejectTargetInvalid' }],
    });
  }
  const step = await claimStep(acting);
  const row = step.row;
  const seq = await step.append(actor, 'reject', { opinion, targetNode: target });
  await tx.repo.decide(row.id, row.round, [actor], {
    decision: 'reject',
    decided_seq: seq,
    decided_at: step.at,
  });
  step.set('acted', 1);
  step.closeTodo();
  if (target === startId) {
    step.set('state', 'reject');
    step.set('current_node', startId);
    step.set('round_mode', null);
    step.set('node_due_at', null);
    step.set('round', row.round + 1);
    step.todo([row.initiator_id], node.name);
  } else {
    step.set('route', toJson(route.slice(0, route.indexOf(target))));
    await enter(step, nodeOf(graph, target) as ApprovalNode);
  }
  return step.finish();
}
