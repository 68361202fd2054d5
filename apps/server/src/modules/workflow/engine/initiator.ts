import { fromJson, toJson } from '../../../db/json';
import { checkPicks } from './people';
import { advance, startNodeId } from './routing';
import { type Acting, type ActionOf, approvalNode, claimStep, conflict, refuse } from './step';
import type { WorkflowResult } from './types';
import { currentVisit, nodeOf, progressOf } from './view';

/** The initiator's own actions: take the instance back, send it again, or end it (close, also by a handler). */

/** Back to the initiator before anyone acted, when the workflow allows it. */
export async function recall(acting: Acting, _action: ActionOf<'recall'>): Promise<WorkflowResult> {
  const { tx, row, graph, actor } = acting;
  if (!acting.isInitiator) refuse(403, 'workflow.notInitiator');
  if (!graph.controls.allowRecall) refuse(400, 'workflow.recallNotAllowed');
  if (row.state !== 'processing') return conflict(tx, row.id, 'workflow.wrongState');
  if (row.acted === 1) return conflict(tx, row.id, 'workflow.recallTooLate');
  const step = await claimStep(acting);
  await step.append(actor, 'recall');
  step.set('state', 'recall');
  step.set('current_node', fromJson<string[]>(step.row.route, [])[0] ?? null);
  step.set('round_mode', null);
  step.set('node_due_at', null);
  step.set('round', step.row.round + 1);
  step.closeTodo();
  return step.finish();
}

/** A rejected or recalled instance starts its route again, with changed values and picks if given. */
export async function resubmit(acting: Acting, action: ActionOf<'resubmit'>): Promise<WorkflowResult> {
  const { tx, row, graph, actor } = acting;
  if (!acting.isInitiator) refuse(403, 'workflow.notInitiator');
  if (row.state !== 'reject' && row.state !== 'recall') return conflict(tx, row.id, 'workflow.wrongState');
  if (action.pickedApprovers) await checkPicks(tx.people, tx.trx, row.project_id, action.pickedApprovers);
  const step = await claimStep(acting);
  const startId = startNodeId(graph);
  if (action.values) step.set('form_values', toJson(action.values));
  if (action.pickedApprovers) {
    step.set('picked', toJson({ ...fromJson(step.row.picked, {}), ...action.pickedApprovers }));
  }
  step.set('state', 'processing');
  step.set('current_node', startId);
  step.set('route', toJson([startId]));
  // Recall is allowed again until someone acts on the new submission.
  step.set('acted', 0);
  step.set('submitted_at', step.at);
  await step.append(actor, 'resubmit', { nodeId: startId });
  step.closeTodo();
  await advance(step, startId);
  return step.finish();
}

/** Ends the instance for good: the initiator any time, a handler of a node that allows closing. */
export async function close(acting: Acting, action: ActionOf<'close'>): Promise<WorkflowResult> {
  const { tx, row, graph, actor, isInitiator } = acting;
  let allowed = isInitiator;
  if (!allowed && row.state === 'processing') {
    const node = approvalNode(graph, row);
    const handlers = progressOf(row, await currentVisit(tx, row)).handlers;
    allowed = node.permissions.close && handlers.includes(actor);
  }
  if (!allowed) refuse(403, 'workflow.actionNotAllowed', { action: 'close' });
  const step = await claimStep(acting);
  await step.append(actor, 'close', { opinion: action.opinion ?? {} });
  step.set('state', 'closed');
  step.set('round_mode', null);
  step.set('finished_at', step.at);
  step.closeTodo();
  if (!isInitiator) {
    step.notify([row.initiator_id], 'closed', nodeOf(graph, step.row.current_node)?.name ?? '-', actor);
  }
  return step.finish();
}
