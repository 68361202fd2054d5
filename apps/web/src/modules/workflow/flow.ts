import {
  type ApprovalNode,
  DEFAULT_OPINIONS,
  type EdgeCondition,
  type WorkflowControls,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
  type WorkflowStructureProblem,
} from '@lintel/contracts/workflow';

/**
 * The designer's view of a workflow graph: a DingTalk-style vertical flow. Start on top, end at the bottom,
 * and between them a sequence of approval nodes and branch groups; each branch of a group holds a sequence
 * of its own, and all branches of a group meet again at the item after the group.
 *
 * The contracts' graph (nodes + edges) is what the server stores and checks; this module converts both ways
 * and is pure, so the conversion is tested without a screen.
 *
 * Rule that keeps the conversion exact both ways: a branch group always follows a node (the start or an
 * approval node), never another group and never the top of a branch. Its branches are then the edges out
 * of that one node, with their conditions, priorities and the default; `canAddGroup` tells the "+" menu
 * where a group may go and `canRemoveNode` refuses a deletion that would break the rule.
 */

export interface FlowBranch {
  /** Designer-only id (React keys, problems); not stored: branches are edges in the graph. */
  id: string;
  isDefault: boolean;
  conditions: EdgeCondition[];
  items: FlowItem[];
}

export interface FlowGroup {
  kind: 'group';
  id: string;
  /** In priority order; the default branch is the last. */
  branches: FlowBranch[];
}

export interface FlowNodeItem {
  kind: 'node';
  node: ApprovalNode;
}

export type FlowItem = FlowNodeItem | FlowGroup;

export interface Flow {
  start: Extract<WorkflowNode, { kind: 'start' }>;
  end: Extract<WorkflowNode, { kind: 'end' }>;
  items: FlowItem[];
  controls: WorkflowControls;
}

/** Where an edge came from in the flow: the branch it starts (or leaves, for an empty branch). */
export interface EdgeOrigin {
  groupId: string;
  branchId: string;
}

export interface FlowGraph {
  graph: WorkflowGraph;
  /** Edge id → the branch it belongs to (edges of plain sequences are absent). */
  edgeBranch: Map<string, EdgeOrigin>;
  /** Node id → the group that branches out of it. */
  nodeGroup: Map<string, string>;
}

let counter = 0;
/** A fresh id matching the contracts' node id pattern (letters, digits, - and _). */
export function newFlowId(prefix: string, taken?: ReadonlySet<string>): string {
  for (;;) {
    counter += 1;
    const random = Math.random().toString(36).slice(2, 8);
    const id = `${prefix}-${random}${counter.toString(36)}`;
    if (!taken?.has(id)) return id;
  }
}

export function newApprovalNode(name: string, taken?: ReadonlySet<string>): ApprovalNode {
  return {
    id: newFlowId('n', taken),
    kind: 'approval',
    name,
    approvers: [{ kind: 'initiatorPicks' }],
    cc: [],
    keyNode: false,
    mode: 'any',
    permissions: { reject: true, forward: true, edit: false, export: false, close: false },
    opinions: { ...DEFAULT_OPINIONS },
    multipleEdit: false,
    fieldAccess: {},
    deadlineHours: null,
  };
}

/** A new group of two branches: one with a condition still to be given, and the default. */
export function newGroup(): FlowGroup {
  return {
    kind: 'group',
    id: newFlowId('g'),
    branches: [
      { id: newFlowId('b'), isDefault: false, conditions: [], items: [] },
      { id: newFlowId('b'), isDefault: true, conditions: [], items: [] },
    ],
  };
}

// ── flow → graph ───────────────────────────────────────────────────────────────────────────────────────

interface Stub {
  from: string;
  priority: number;
  isDefault: boolean;
  conditions: EdgeCondition[];
  origin?: EdgeOrigin;
}

/** The contracts' graph of a flow, with where each edge came from (for showing problems on branches). */
export function flowToGraph(flow: Flow): FlowGraph {
  const nodes: WorkflowNode[] = [flow.start];
  const edges: WorkflowEdge[] = [];
  const edgeBranch = new Map<string, EdgeOrigin>();
  const nodeGroup = new Map<string, string>();

  const connect = (stubs: Stub[], to: string) => {
    for (const stub of stubs) {
      const id = `e${edges.length + 1}`;
      edges.push({
        id,
        from: stub.from,
        to,
        priority: stub.priority,
        isDefault: stub.isDefault,
        conditions: stub.conditions,
      });
      if (stub.origin) edgeBranch.set(id, stub.origin);
    }
  };
  const plain = (from: string): Stub => ({ from, priority: 0, isDefault: false, conditions: [] });

  /** Places a sequence after the stubs; answers the stubs leaving its last item. */
  const place = (items: FlowItem[], incoming: Stub[]): Stub[] => {
    let stubs = incoming;
    for (const item of items) {
      if (item.kind === 'node') {
        nodes.push(item.node);
        connect(stubs, item.node.id);
        stubs = [plain(item.node.id)];
        continue;
      }
      // A group follows a node (the rule above): its branches are that node's edges.
      const from = stubs.length === 1 ? stubs[0]!.from : undefined;
      if (from !== undefined) nodeGroup.set(from, item.id);
      const out: Stub[] = [];
      item.branches.forEach((branch, index) => {
        const entry = stubs.map((stub) => ({
          from: stub.from,
          priority: index,
          isDefault: branch.isDefault,
          conditions: branch.isDefault ? [] : [...stub.conditions, ...branch.conditions],
          origin: { groupId: item.id, branchId: branch.id },
        }));
        out.push(...place(branch.items, entry));
      });
      stubs = out;
    }
    return stubs;
  };

  const last = place(flow.items, [plain(flow.start.id)]);
  nodes.push(flow.end);
  connect(last, flow.end.id);
  return { graph: { nodes, edges, controls: flow.controls }, edgeBranch, nodeGroup };
}

// ── graph → flow ───────────────────────────────────────────────────────────────────────────────────────

export class UnsupportedGraph extends Error {}

/**
 * The flow of a graph the designer (or the server's default) made. A graph it cannot lay out as a flow
 * (no single start or end, a cycle, a node off the flow) throws UnsupportedGraph.
 */
export function graphToFlow(graph: WorkflowGraph): Flow {
  const starts = graph.nodes.filter((node) => node.kind === 'start');
  const ends = graph.nodes.filter((node) => node.kind === 'end');
  if (starts.length !== 1 || ends.length !== 1) throw new UnsupportedGraph('start or end');
  const start = starts[0] as Flow['start'];
  const end = ends[0] as Flow['end'];
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const outgoing = new Map<string, WorkflowEdge[]>();
  for (const edge of graph.edges) {
    const list = outgoing.get(edge.from) ?? [];
    list.push(edge);
    outgoing.set(edge.from, list);
  }
  const order = topologicalOrder(graph, outgoing);
  const placed = new Set<string>([start.id, end.id]);

  const reach = new Map<string, Set<string>>();
  const reachable = (from: string): Set<string> => {
    const known = reach.get(from);
    if (known) return known;
    const seen = new Set([from]);
    const stack = [from];
    while (stack.length > 0) {
      for (const edge of outgoing.get(stack.pop() as string) ?? []) {
        if (!seen.has(edge.to)) {
          seen.add(edge.to);
          stack.push(edge.to);
        }
      }
    }
    reach.set(from, seen);
    return seen;
  };

  /** Where the branches starting at `targets` meet again: the first node (in flow order) all reach. */
  const meeting = (targets: string[]): string => {
    const sets = targets.map(reachable);
    const common = [...(sets[0] ?? [])].filter((id) => sets.every((set) => set.has(id)));
    common.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    const first = common[0];
    if (first === undefined) throw new UnsupportedGraph('branches never meet');
    return first;
  };

  const nodeItem = (id: string): FlowNodeItem => {
    const node = byId.get(id);
    if (node?.kind !== 'approval' || placed.has(id)) throw new UnsupportedGraph(`node ${id}`);
    placed.add(id);
    return { kind: 'node', node };
  };

  /** The items after node `from` up to (not including) `stop`. */
  const sequence = (from: string, stop: string): FlowItem[] => {
    const items: FlowItem[] = [];
    let current = from;
    for (;;) {
      const outs = outgoing.get(current) ?? [];
      if (outs.length === 0) throw new UnsupportedGraph(`dead end at ${current}`);
      let next: string;
      if (outs.length === 1) {
        next = (outs[0] as WorkflowEdge).to;
      } else {
        const sorted = [...outs].sort(
          (a, b) => Number(a.isDefault) - Number(b.isDefault) || a.priority - b.priority,
        );
        next = meeting(sorted.map((edge) => edge.to));
        const group: FlowGroup = {
          kind: 'group',
          id: newFlowId('g'),
          branches: sorted.map((edge) => ({
            id: newFlowId('b'),
            isDefault: edge.isDefault,
            conditions: edge.isDefault ? [] : edge.conditions,
            items: edge.to === next ? [] : [nodeItem(edge.to), ...sequence(edge.to, next)],
          })),
        };
        items.push(group);
      }
      if (next === stop) return items;
      items.push(nodeItem(next));
      current = next;
    }
  };

  const items = sequence(start.id, end.id);
  if (placed.size !== graph.nodes.length) throw new UnsupportedGraph('nodes off the flow');
  return { start, end, items, controls: graph.controls };
}

/** Kahn's order of the nodes; a cycle leaves nodes out, which is refused. */
function topologicalOrder(graph: WorkflowGraph, outgoing: Map<string, WorkflowEdge[]>): Map<string, number> {
  const inDegree = new Map(graph.nodes.map((node) => [node.id, 0]));
  for (const edge of graph.edges) inDegree.set(edge.to, (inDegree.get(edge.to) ?? 0) + 1);
  const queue = [...inDegree].filter(([, degree]) => degree === 0).map(([id]) => id);
  const order = new Map<string, number>();
  while (queue.length > 0) {
    const id = queue.shift() as string;
    order.set(id, order.size);
    for (const edge of outgoing.get(id) ?? []) {
      const left = (inDegree.get(edge.to) ?? 0) - 1;
      inDegree.set(edge.to, left);
      if (left === 0) queue.push(edge.to);
    }
  }
  if (order.size !== graph.nodes.length) throw new UnsupportedGraph('cycle');
  return order;
}

// ── editing ────────────────────────────────────────────────────────────────────────────────────────────

/** Where a "+" sits: before index `index` of a sequence, the sequence found by `path`. */
export interface Slot {
  /** Group and branch ids from the top down to the sequence ([] for the main sequence). */
  path: { groupId: string; branchId: string }[];
  index: number;
}

function sequenceAt(flow: Flow, path: Slot['path']): FlowItem[] {
  let items = flow.items;
  for (const step of path) {
    const group = items.find((item): item is FlowGroup => item.kind === 'group' && item.id === step.groupId);
    const branch = group?.branches.find((candidate) => candidate.id === step.branchId);
    if (!branch) throw new Error('no such branch');
    items = branch.items;
  }
  return items;
}

/** A deep copy to edit (flows are small: tens of nodes). */
export function cloneFlow(flow: Flow): Flow {
  return structuredClone(flow);
}

/** A group may follow a node only: the start (top of the main sequence) or an approval node. */
export function canAddGroup(flow: Flow, slot: Slot): boolean {
  if (slot.index === 0) return slot.path.length === 0;
  return sequenceAt(flow, slot.path)[slot.index - 1]?.kind === 'node';
}

export function insertAt(flow: Flow, slot: Slot, item: FlowItem): Flow {
  const next = cloneFlow(flow);
  sequenceAt(next, slot.path).splice(slot.index, 0, item);
  return next;
}

/** Every node id in the flow (to keep new ids unique). */
export function flowNodeIds(flow: Flow): Set<string> {
  const ids = new Set([flow.start.id, flow.end.id]);
  const walk = (items: FlowItem[]) => {
    for (const item of items) {
      if (item.kind === 'node') ids.add(item.node.id);
      else for (const branch of item.branches) walk(branch.items);
    }
  };
  walk(flow.items);
  return ids;
}

function locate(
  items: FlowItem[],
  test: (item: FlowItem) => boolean,
  path: Slot['path'] = [],
): { items: FlowItem[]; index: number; path: Slot['path'] } | undefined {
  for (const [index, item] of items.entries()) {
    if (test(item)) return { items, index, path };
    if (item.kind === 'group') {
      for (const branch of item.branches) {
        const found = locate(branch.items, test, [...path, { groupId: item.id, branchId: branch.id }]);
        if (found) return found;
      }
    }
  }
  return undefined;
}

const isNode = (id: string) => (item: FlowItem) => item.kind === 'node' && item.node.id === id;
const isGroup = (id: string) => (item: FlowItem) => item.kind === 'group' && item.id === id;

/** Removing a node is refused when a group would then follow a group or open a branch. */
export function canRemoveNode(flow: Flow, nodeId: string): boolean {
  const found = locate(flow.items, isNode(nodeId));
  if (!found) return false;
  const after = found.items[found.index + 1];
  if (after?.kind !== 'group') return true;
  const before = found.items[found.index - 1];
  if (found.index === 0) return found.path.length === 0;
  return before?.kind === 'node';
}

export function removeNode(flow: Flow, nodeId: string): Flow {
  const next = cloneFlow(flow);
  const found = locate(next.items, isNode(nodeId));
  if (found) found.items.splice(found.index, 1);
  return next;
}

export function findNode(flow: Flow, nodeId: string): ApprovalNode | undefined {
  const found = locate(flow.items, isNode(nodeId));
  const item = found?.items[found.index];
  return item?.kind === 'node' ? item.node : undefined;
}

export function findBranch(
  flow: Flow,
  groupId: string,
  branchId: string,
): { branch: FlowBranch; index: number } | undefined {
  const found = locate(flow.items, isGroup(groupId));
  const group = found?.items[found.index];
  if (group?.kind !== 'group') return undefined;
  const index = group.branches.findIndex((branch) => branch.id === branchId);
  return index < 0 ? undefined : { branch: group.branches[index] as FlowBranch, index };
}

export function updateNode(flow: Flow, node: ApprovalNode): Flow {
  const next = cloneFlow(flow);
  const found = locate(next.items, isNode(node.id));
  if (found) found.items[found.index] = { kind: 'node', node };
  return next;
}

export function removeGroup(flow: Flow, groupId: string): Flow {
  const next = cloneFlow(flow);
  const found = locate(next.items, isGroup(groupId));
  if (found) found.items.splice(found.index, 1);
  return next;
}

function editGroup(flow: Flow, groupId: string, edit: (group: FlowGroup) => void): Flow {
  const next = cloneFlow(flow);
  const found = locate(next.items, isGroup(groupId));
  const group = found?.items[found.index];
  if (group?.kind === 'group') edit(group);
  return next;
}

/** A new conditional branch, placed before the default (it gets the lowest priority of the conditional). */
export function addBranch(flow: Flow, groupId: string): Flow {
  return editGroup(flow, groupId, (group) => {
    const at = group.branches.findIndex((branch) => branch.isDefault);
    const branch: FlowBranch = { id: newFlowId('b'), isDefault: false, conditions: [], items: [] };
    group.branches.splice(at < 0 ? group.branches.length : at, 0, branch);
  });
}

/** Removes a branch; a group left with one branch dissolves into that branch's items. */
export function removeBranch(flow: Flow, groupId: string, branchId: string): Flow {
  const next = cloneFlow(flow);
  const found = locate(next.items, isGroup(groupId));
  const group = found?.items[found.index];
  if (!found || group?.kind !== 'group') return next;
  group.branches = group.branches.filter((branch) => branch.id !== branchId);
  if (group.branches.length === 1) {
    found.items.splice(found.index, 1, ...(group.branches[0] as FlowBranch).items);
  } else if (!group.branches.some((branch) => branch.isDefault)) {
    // One branch stays the default: the last one, with its conditions dropped.
    const last = group.branches[group.branches.length - 1] as FlowBranch;
    last.isDefault = true;
    last.conditions = [];
  }
  return next;
}

/** Moves a conditional branch one place up or down in priority (the default stays last). */
export function moveBranch(flow: Flow, groupId: string, branchId: string, by: -1 | 1): Flow {
  return editGroup(flow, groupId, (group) => {
    const from = group.branches.findIndex((branch) => branch.id === branchId);
    const to = from + by;
    const target = group.branches[to];
    if (from < 0 || !target || target.isDefault || group.branches[from]?.isDefault) return;
    const [branch] = group.branches.splice(from, 1);
    group.branches.splice(to, 0, branch as FlowBranch);
  });
}

export function setBranchConditions(
  flow: Flow,
  groupId: string,
  branchId: string,
  conditions: EdgeCondition[],
): Flow {
  return editGroup(flow, groupId, (group) => {
    const branch = group.branches.find((candidate) => candidate.id === branchId);
    if (branch && !branch.isDefault) branch.conditions = conditions;
  });
}

// ── problems on the flow ───────────────────────────────────────────────────────────────────────────────

export interface PlacedProblems {
  /** Node id → problems shown on that node's card (start and end included). */
  nodes: Map<string, WorkflowStructureProblem[]>;
  /** Branch id → problems shown on that branch's card. */
  branches: Map<string, WorkflowStructureProblem[]>;
  /** Group id → problems of the whole group (no default, several defaults). */
  groups: Map<string, WorkflowStructureProblem[]>;
  /** Problems of the whole graph (start count, no approval node). */
  graph: WorkflowStructureProblem[];
}

/** Puts each problem (from checkWorkflowGraph or the server's details) where the designer shows it. */
export function placeProblems(
  problems: readonly WorkflowStructureProblem[],
  converted: Pick<FlowGraph, 'edgeBranch' | 'nodeGroup'>,
): PlacedProblems {
  const placed: PlacedProblems = { nodes: new Map(), branches: new Map(), groups: new Map(), graph: [] };
  const add = (
    map: Map<string, WorkflowStructureProblem[]>,
    key: string,
    problem: WorkflowStructureProblem,
  ) => map.set(key, [...(map.get(key) ?? []), problem]);
  for (const problem of problems) {
    const branch = problem.edgeId ? converted.edgeBranch.get(problem.edgeId) : undefined;
    const group = problem.nodeId ? converted.nodeGroup.get(problem.nodeId) : undefined;
    if (branch) add(placed.branches, branch.branchId, problem);
    else if (
      group &&
      (problem.key === 'workflow.branchWithoutDefault' ||
        problem.key === 'workflow.severalDefaults' ||
        problem.key === 'workflow.duplicatePriority' ||
        problem.key === 'workflow.tooManyOutputs')
    )
      add(placed.groups, group, problem);
    else if (problem.nodeId) add(placed.nodes, problem.nodeId, problem);
    else placed.graph.push(problem);
  }
  return placed;
}
