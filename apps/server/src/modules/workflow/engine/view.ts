import {
  type ApprovalMode,
  type FormValues,
  nodeProgress,
  routeThrough,
  WORKFLOW_URGE_INTERVAL_MS,
  type WorkflowApprover,
  type WorkflowChart,
  type WorkflowGraph,
  type WorkflowInstanceState,
  type WorkflowLogAction,
  type WorkflowLogEntry,
  type WorkflowNode,
  type WorkflowOpinion,
  workflowDelayBand,
  workflowDelayDays,
} from '@lintel/contracts/workflow';
import { fromJson } from '../../../db/json';
import type { EngineTx } from './context';
import type { ApproverRow, InstanceRow, LogRow } from './engine.repository';
import type { WorkflowApproverView, WorkflowInstanceView } from './types';

/** Rows → what the engine answers: the instance, its log and its chart (field by field, no column leaks). */

export function nodeOf(graph: WorkflowGraph, id: string | null): WorkflowNode | undefined {
  return id === null ? undefined : graph.nodes.find((node) => node.id === id);
}

/** The pinned graph of an instance (the version it started on). */
export function graphOf(row: InstanceRow): WorkflowGraph {
  return fromJson<WorkflowGraph>(row.graph, null as never);
}

/** Who must act now and whether the visit is decided, from the visit's approvers. */
export function progressOf(row: InstanceRow, visit: readonly ApproverRow[]) {
  // Forwarded and removed approvers left the visit: only the others count.
  const active = visit.filter((r) => r.decision !== 'forwarded' && r.decision !== 'removed');
  const acts = active
    .filter((r) => r.decision === 'pass' || r.decision === 'reject')
    .sort((a, b) => (a.decided_seq ?? 0) - (b.decided_seq ?? 0))
    .map((r) => ({ userId: r.user_id, decision: r.decision as 'pass' | 'reject' }));
  return nodeProgress(
    (row.round_mode ?? 'any') as ApprovalMode,
    active.map((r) => r.user_id),
    acts,
  );
}

/** The approvers of the instance's current visit, in signing order. */
export function currentVisit(tx: EngineTx, row: InstanceRow): Promise<ApproverRow[]> {
  return tx.repo.approversOfRound(row.id, row.round);
}

export function presentApprover(r: ApproverRow): WorkflowApproverView {
  return {
    userId: r.user_id,
    position: r.position,
    decision: r.decision as WorkflowApprover['decision'],
    decidedAt: r.decided_at,
    addedBy: r.added_by as WorkflowApprover['addedBy'],
  };
}

export async function presentInstance(tx: EngineTx, row: InstanceRow): Promise<WorkflowInstanceView> {
  const graph = fromJson<WorkflowGraph>(row.graph, { nodes: [], edges: [], controls: {} as never });
  const node = nodeOf(graph, row.current_node);
  const visit = row.state === 'processing' ? await currentVisit(tx, row) : [];
  const handlers = row.state === 'processing' ? progressOf(row, visit).handlers : [];
  const at = tx.clock.now();
  const delayDays = workflowDelayDays(row.node_due_at, at, row.finished_at);
  const nextUrge = row.last_urged_at
    ? new Date(new Date(row.last_urged_at).getTime() + WORKFLOW_URGE_INTERVAL_MS)
    : null;
  return {
    _id: row.id,
    projectId: row.project_id,
    templateId: row.template_id,
    templateVersion: row.template_version,
    subject: { module: row.subject_module, id: row.subject_id, title: row.subject_title },
    initiatorId: row.initiator_id,
    state: row.state as WorkflowInstanceState,
    currentNode: node ? { id: node.id, name: node.name, kind: node.kind } : null,
    mode: (row.round_mode as ApprovalMode | null) ?? null,
    round: row.round,
    revision: row.revision,
    handlers,
    approvers: visit.map(presentApprover),
    route: fromJson<string[]>(row.route, []),
    dueAt: row.node_due_at,
    delayDays,
    delayBand: workflowDelayBand(delayDays),
    submittedAt: row.submitted_at,
    finishedAt: row.finished_at,
    nextUrgeAt: nextUrge && nextUrge > at ? nextUrge.toISOString() : null,
  };
}

export function presentLog(graph: WorkflowGraph, entries: readonly LogRow[]): WorkflowLogEntry[] {
  return entries.map((entry) => ({
    _id: entry.id,
    seq: entry.seq,
    actorId: entry.actor_id,
    action: entry.action as WorkflowLogAction,
    nodeId: entry.node_id,
    nodeName: nodeOf(graph, entry.node_id)?.name ?? null,
    round: entry.round,
    opinion: fromJson<WorkflowOpinion>(entry.opinion, {}),
    targetNode: entry.target_node,
    targetUser: entry.target_user,
    at: entry.at,
  }));
}

/** The pinned graph with each node's state and the approvers of its latest visit, edges taken marked. */
export function presentChart(row: InstanceRow, visits: readonly ApproverRow[]): WorkflowChart {
  const graph = graphOf(row);
  const route = fromJson<string[]>(row.route, []);
  const ahead = new Set(routeThrough(graph, fromJson<FormValues>(row.form_values, {})));
  const latest = new Map<string, number>();
  for (const visit of visits) latest.set(visit.node_id, visit.round);
  const live = row.state === 'processing' || row.state === 'completed';
  const taken = new Set(route.slice(1).map((to, i) => `${route[i]}→${to}`));
  if (row.state === 'completed' && row.current_node && route.length > 0) {
    taken.add(`${route[route.length - 1]}→${row.current_node}`);
  }
  return {
    nodes: graph.nodes.map((node) => ({
      id: node.id,
      name: node.name,
      kind: node.kind,
      state:
        live && node.id === row.current_node && row.state === 'processing'
          ? 'current'
          : route.includes(node.id) || (row.state === 'completed' && node.kind === 'end')
            ? 'done'
            : ahead.has(node.id)
              ? 'ahead'
              : 'off',
      approvers: visits
        .filter((visit) => visit.node_id === node.id && visit.round === latest.get(node.id))
        .map(presentApprover),
    })),
    edges: graph.edges.map((edge) => ({
      id: edge.id,
      from: edge.from,
      to: edge.to,
      taken: taken.has(`${edge.from}→${edge.to}`),
    })),
  };
}
