import {
  type ApprovalNode,
  chooseEdge,
  type FormValues,
  nodeProgress,
  type WorkflowGraph,
} from '@lintel/contracts/workflow';
import { fromJson, toJson } from '../../../db/json';
import { AppError } from '../../../plugins/app-error';
import { resolveApprovers } from './people';
import type { Step } from './step';
import { nodeOf } from './view';

/** Moving an instance through its graph: into an approval node, on by the values, or to the end. */

/** Enters an approval node: a new round with the approvers its sources name now (none: refused). */
export async function enter(step: Step, node: ApprovalNode): Promise<void> {
  const { tx } = step;
  const picked = fromJson<Record<string, string[]>>(step.row.picked, {})[node.id] ?? [];
  const approvers = await resolveApprovers(tx.people, tx.trx, step.row.project_id, node.approvers, picked);
  if (approvers.length === 0) {
    const params = { nodeId: node.id, nodeName: node.name };
    throw new AppError(400, 'workflow.noApproversResolved', {
      params,
      details: [{ path: `nodes.${node.id}`, key: 'workflow.noApproversResolved', params }],
    });
  }
  const round = step.row.round + 1;
  step.set('round', round);
  step.set('current_node', node.id);
  step.set('round_mode', node.mode);
  step.set('node_entered_at', step.at);
  step.set(
    'node_due_at',
    node.deadlineHours === null
      ? null
      : new Date(tx.clock.now().getTime() + node.deadlineHours * 3_600_000).toISOString(),
  );
  step.set('route', toJson([...fromJson<string[]>(step.row.route, []), node.id]));
  await tx.repo.insertApprovers(
    approvers.map((userId, position) => ({
      instance_id: step.row.id,
      round,
      node_id: node.id,
      user_id: userId,
      position,
      added_by: null,
    })),
  );
  step.todo(nodeProgress(node.mode, approvers, []).handlers, node.name);
}

/** Leaves `fromId` by the edge the values choose: into the next approval node, or completes at the end. */
export async function advance(step: Step, fromId: string): Promise<void> {
  const values = fromJson<FormValues>(step.row.form_values, {});
  const edge = chooseEdge(step.graph, fromId, values);
  const next = edge ? nodeOf(step.graph, edge.to) : undefined;
  if (!next || next.kind === 'end') {
    step.set('state', 'completed');
    step.set('current_node', next?.id ?? null);
    step.set('round_mode', null);
    step.set('node_due_at', null);
    step.set('finished_at', step.at);
    await step.append(null, 'complete', { nodeId: next?.id ?? null });
    step.closeTodo();
    step.notify([step.row.initiator_id], 'completed', nodeOf(step.graph, fromId)?.name ?? fromId, null);
    return;
  }
  if (next.kind !== 'approval') throw new Error(`workflow: an edge leads back to the start (${edge?.id})`);
  await enter(step, next);
}

/** The node is decided (passed): its copy recipients are told, and the instance moves on. */
export async function passNode(step: Step, node: ApprovalNode, actor: string): Promise<void> {
  const { tx } = step;
  const cc = await resolveApprovers(tx.people, tx.trx, step.row.project_id, node.cc, []);
  step.notify(
    cc.filter((id) => id !== actor),
    'ccPassed',
    node.name,
    actor,
  );
  await advance(step, node.id);
}

/** The start node's id: every graph has exactly one (publishing checks it). */
export function startNodeId(graph: WorkflowGraph): string {
  return graph.nodes.find((node) => node.kind === 'start')!.id;
}
