import {
  WORKFLOW_MAX_INPUTS,
  WORKFLOW_MAX_OUTPUTS,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
} from './schemas';

/**
 * The structure rules of a workflow graph (spec 001 §4 "Workflow structure", §8 "workflow structure errors").
 * The designer shows each problem on its node or edge before saving; the server refuses a graph with any
 * of them (400, the first problem's key and every problem in `details`). Keys are `workflow.*` error keys,
 * translated in both languages on both sides.
 */
export const WORKFLOW_STRUCTURE_RULES = [
  'workflow.duplicateNodeId',
  'workflow.duplicateEdgeId',
  'workflow.startCount',
  'workflow.endCount',
  'workflow.noApprovalNode',
  'workflow.edgeUnknownNode',
  'workflow.edgeToItself',
  'workflow.duplicateEdge',
  'workflow.startHasInput',
  'workflow.endHasOutput',
  'workflow.noInput',
  'workflow.noOutput',
  'workflow.tooManyInputs',
  'workflow.tooManyOutputs',
  'workflow.unreachable',
  'workflow.cannotReachEnd',
  'workflow.cycle',
  'workflow.branchWithoutDefault',
  'workflow.severalDefaults',
  'workflow.branchWithoutCondition',
  'workflow.duplicatePriority',
  'workflow.noApprovers',
  'workflow.conditionUnknownField',
] as const;
export type WorkflowStructureRule = (typeof WORKFLOW_STRUCTURE_RULES)[number];

export interface WorkflowStructureProblem {
  key: WorkflowStructureRule;
  /** The node the problem is shown on (absent for whole-graph rules such as the start count). */
  nodeId?: string;
  edgeId?: string;
  /** Values the message names (a limit, a field key, a count). */
  params?: Record<string, string | number>;
}

export interface CheckWorkflowOptions {
  /** The form fields conditions may name; when given, a condition over another field is a problem. */
  fieldKeys?: ReadonlySet<string>;
}

/** Every structure problem of the graph, in a stable order (whole graph first, then node by node). */
export function checkWorkflowGraph(
  graph: WorkflowGraph,
  options: CheckWorkflowOptions = {},
): WorkflowStructureProblem[] {
  const problems: WorkflowStructureProblem[] = [];
  const nodes = new Map<string, WorkflowNode>();
  for (const node of graph.nodes) {
    if (nodes.has(node.id)) problems.push({ key: 'workflow.duplicateNodeId', nodeId: node.id });
    else nodes.set(node.id, node);
  }

  const starts = graph.nodes.filter((node) => node.kind === 'start');
  const ends = graph.nodes.filter((node) => node.kind === 'end');
  if (starts.length !== 1) problems.push({ key: 'workflow.startCount', params: { count: starts.length } });
  if (ends.length !== 1) problems.push({ key: 'workflow.endCount', params: { count: ends.length } });
  if (!graph.nodes.some((node) => node.kind === 'approval'))
    problems.push({ key: 'workflow.noApprovalNode' });

  const edgeIds = new Set<string>();
  const pairs = new Set<string>();
  const valid: WorkflowEdge[] = [];
  for (const edge of graph.edges) {
    if (edgeIds.has(edge.id)) {
      problems.push({ key: 'workflow.duplicateEdgeId', edgeId: edge.id });
      continue;
    }
    edgeIds.add(edge.id);
    if (!nodes.has(edge.from) || !nodes.has(edge.to)) {
      problems.push({
        key: 'workflow.edgeUnknownNode',
        edgeId: edge.id,
        params: { node: nodes.has(edge.from) ? edge.to : edge.from },
      });
      continue;
    }
    if (edge.from === edge.to) {
      problems.push({ key: 'workflow.edgeToItself', edgeId: edge.id, nodeId: edge.from });
      continue;
    }
    const pair = `${edge.from}\u0000${edge.to}`;
    if (pairs.has(pair)) {
      problems.push({ key: 'workflow.duplicateEdge', edgeId: edge.id, nodeId: edge.from });
      continue;
    }
    pairs.add(pair);
    valid.push(edge);
  }

  const outgoing = groupBy(valid, (edge) => edge.from);
  const incoming = groupBy(valid, (edge) => edge.to);

  for (const node of nodes.values()) {
    const ins = incoming.get(node.id) ?? [];
    const outs = outgoing.get(node.id) ?? [];
    if (node.kind === 'start' && ins.length > 0)
      problems.push({ key: 'workflow.startHasInput', nodeId: node.id });
    if (node.kind === 'end' && outs.length > 0)
      problems.push({ key: 'workflow.endHasOutput', nodeId: node.id });
    if (node.kind !== 'start' && ins.length === 0)
      problems.push({ key: 'workflow.noInput', nodeId: node.id });
    if (node.kind !== 'end' && outs.length === 0)
      problems.push({ key: 'workflow.noOutput', nodeId: node.id });
    if (ins.length > WORKFLOW_MAX_INPUTS)
      problems.push({ key: 'workflow.tooManyInputs', nodeId: node.id, params: { max: WORKFLOW_MAX_INPUTS } });
    if (outs.length > WORKFLOW_MAX_OUTPUTS)
      problems.push({
        key: 'workflow.tooManyOutputs',
        nodeId: node.id,
        params: { max: WORKFLOW_MAX_OUTPUTS },
      });
    problems.push(...branchProblems(node.id, outs, options.fieldKeys));
    if (
      node.kind === 'approval' &&
      !graph.controls.allowChangePersonnel &&
      !node.approvers.some((source) => source.kind !== 'members' || source.userIds.length > 0)
    ) {
      problems.push({ key: 'workflow.noApprovers', nodeId: node.id });
    }
  }

  const start = starts.length === 1 ? starts[0] : undefined;
  const end = ends.length === 1 ? ends[0] : undefined;
  if (start && end) {
    const fromStart = reachable(start.id, outgoing, (edge) => edge.to);
    const toEnd = reachable(end.id, incoming, (edge) => edge.from);
    for (const node of nodes.values()) {
      if (!fromStart.has(node.id)) problems.push({ key: 'workflow.unreachable', nodeId: node.id });
      else if (!toEnd.has(node.id)) problems.push({ key: 'workflow.cannotReachEnd', nodeId: node.id });
    }
  }
  const cycleAt = findCycle([...nodes.keys()], outgoing);
  if (cycleAt) problems.push({ key: 'workflow.cycle', nodeId: cycleAt });
  return problems;
}

/** The rules of the edges leaving one node: one is taken unconditionally, or branches with one default. */
function branchProblems(
  nodeId: string,
  outs: WorkflowEdge[],
  fieldKeys: ReadonlySet<string> | undefined,
): WorkflowStructureProblem[] {
  const problems: WorkflowStructureProblem[] = [];
  if (fieldKeys) {
    for (const edge of outs) {
      for (const condition of edge.conditions) {
        if (!fieldKeys.has(condition.field)) {
          problems.push({
            key: 'workflow.conditionUnknownField',
            nodeId,
            edgeId: edge.id,
            params: { field: condition.field },
          });
        }
      }
    }
  }
  if (outs.length < 2) return problems;
  const defaults = outs.filter((edge) => edge.isDefault);
  if (defaults.length === 0) problems.push({ key: 'workflow.branchWithoutDefault', nodeId });
  if (defaults.length > 1) problems.push({ key: 'workflow.severalDefaults', nodeId });
  for (const edge of outs) {
    if (!edge.isDefault && edge.conditions.length === 0) {
      problems.push({ key: 'workflow.branchWithoutCondition', nodeId, edgeId: edge.id });
    }
  }
  const priorities = new Set<number>();
  for (const edge of outs.filter((candidate) => !candidate.isDefault)) {
    if (priorities.has(edge.priority))
      problems.push({ key: 'workflow.duplicatePriority', nodeId, edgeId: edge.id });
    priorities.add(edge.priority);
  }
  return problems;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

function reachable(
  from: string,
  adjacency: Map<string, WorkflowEdge[]>,
  next: (edge: WorkflowEdge) => string,
): Set<string> {
  const seen = new Set([from]);
  const stack = [from];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    for (const edge of adjacency.get(current) ?? []) {
      const target = next(edge);
      if (!seen.has(target)) {
        seen.add(target);
        stack.push(target);
      }
    }
  }
  return seen;
}

/**
 * A node on a cycle, if any. Approval flows move forward only; going back is an action (reject to a named
 * node, the previous one or the start), never an edge, so a cycle could only make an instance loop.
 */
function findCycle(nodeIds: string[], outgoing: Map<string, WorkflowEdge[]>): string | undefined {
  const state = new Map<string, 1 | 2>(); // 1: on the current path, 2: done
  for (const root of nodeIds) {
    if (state.has(root)) continue;
    const stack: { id: string; next: number }[] = [{ id: root, next: 0 }];
    state.set(root, 1);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as { id: string; next: number };
      const outs = outgoing.get(frame.id) ?? [];
      if (frame.next >= outs.length) {
        state.set(frame.id, 2);
        stack.pop();
        continue;
      }
      const target = (outs[frame.next++] as WorkflowEdge).to;
      const seen = state.get(target);
      if (seen === 1) return target;
      if (seen === undefined) {
        state.set(target, 1);
        stack.push({ id: target, next: 0 });
      }
    }
  }
  return undefined;
}
