import { checkWorkflowGraph, defaultWorkflowGraph, type WorkflowGraph } from '@lintel/contracts/workflow';
import { describe, expect, it } from 'vitest';
import {
  addBranch,
  canAddGroup,
  canRemoveNode,
  type Flow,
  type FlowGroup,
  flowToGraph,
  graphToFlow,
  insertAt,
  moveBranch,
  newApprovalNode,
  newGroup,
  placeProblems,
  removeBranch,
  removeNode,
  setBranchConditions,
  UnsupportedGraph,
} from './flow';

const names = { start: 'Initiator', approval: 'Approval', end: 'End' };

/** What a graph means, independent of edge ids and node order: each edge as from → to with its routing. */
function meaning(graph: WorkflowGraph) {
  return {
    nodes: [...graph.nodes].map((node) => node.id).sort(),
    edges: graph.edges
      .map(
        (edge) =>
          `${edge.from}>${edge.to}:${edge.isDefault ? 'default' : edge.priority}:${JSON.stringify(edge.conditions)}`,
      )
      .sort(),
  };
}

/** start → a → group[ amount > 1000: b → c | default: (empty) ] → d → end */
function branchedFlow(): Flow {
  let flow = graphToFlow(defaultWorkflowGraph(names));
  const a = flow.items[0];
  if (a?.kind !== 'node') throw new Error('default graph changed');
  const group = newGroup();
  flow = insertAt(flow, { path: [], index: 1 }, group);
  const [conditional] = group.branches;
  const path = [{ groupId: group.id, branchId: conditional!.id }];
  flow = insertAt(flow, { path, index: 0 }, { kind: 'node', node: { ...newApprovalNode('B'), id: 'b' } });
  flow = insertAt(flow, { path, index: 1 }, { kind: 'node', node: { ...newApprovalNode('C'), id: 'c' } });
  flow = setBranchConditions(flow, group.id, conditional!.id, [{ field: 'amount', op: 'gt', value: 1000 }]);
  flow = insertAt(flow, { path: [], index: 2 }, { kind: 'node', node: { ...newApprovalNode('D'), id: 'd' } });
  return flow;
}

describe('workflow flow ⇄ graph', () => {
  it('reads the default graph as one approval node between start and end, and writes it back', () => {
    const graph = defaultWorkflowGraph(names);
    const flow = graphToFlow(graph);
    expect(flow.start.id).toBe('start');
    expect(flow.end.id).toBe('end');
    expect(flow.items.map((item) => (item.kind === 'node' ? item.node.id : item.kind))).toEqual([
      'approval-1',
    ]);
    expect(meaning(flowToGraph(flow).graph)).toEqual(meaning(graph));
    expect(flowToGraph(flow).graph.controls).toEqual(graph.controls);
  });

  it('writes a branch group as the edges out of the node before it, meeting at the node after it', () => {
    const { graph, edgeBranch, nodeGroup } = flowToGraph(branchedFlow());
    expect(meaning(graph).edges).toEqual(
      [
        'start>approval-1:0:[]',
        'approval-1>b:0:[{"field":"amount","op":"gt","value":1000}]',
        'b>c:0:[]',
        'c>d:0:[]',
        'approval-1>d:default:[]',
        'd>end:0:[]',
      ].sort(),
    );
    expect(checkWorkflowGraph(graph)).toEqual([]);
    // The two branch edges are known as the group's branches; the group hangs off approval-1.
    const group = branchedFlow().items[1] as FlowGroup;
    expect(nodeGroup.get('approval-1')).toBeDefined();
    expect(
      [...edgeBranch.values()].filter((origin) => origin.groupId === nodeGroup.get('approval-1')),
    ).toHaveLength(2);
    expect(group.branches.map((branch) => branch.isDefault)).toEqual([false, true]);
  });

  it('reads back what it wrote: nested groups, empty branches, priorities and the default last', () => {
    let flow = branchedFlow();
    const outer = flow.items[1] as FlowGroup;
    // A third branch (priority 1, before the default), and a group nested after node b.
    flow = addBranch(flow, outer.id);
    const third = (flow.items[1] as FlowGroup).branches[1]!;
    flow = setBranchConditions(flow, outer.id, third.id, [{ field: 'kind', op: 'in', values: ['A', 'B'] }]);
    flow = insertAt(
      flow,
      { path: [{ groupId: outer.id, branchId: third.id }], index: 0 },
      {
        kind: 'node',
        node: { ...newApprovalNode('E'), id: 'e' },
      },
    );
    const nested = newGroup();
    const firstBranch = outer.branches[0]!.id;
    flow = insertAt(flow, { path: [{ groupId: outer.id, branchId: firstBranch }], index: 1 }, nested);
    flow = setBranchConditions(flow, nested.id, nested.branches[0]!.id, [{ field: 'note', op: 'notEmpty' }]);
    // Two empty branches would be two edges b → c (a duplicate): the nested one gets a node.
    flow = insertAt(
      flow,
      {
        path: [
          { groupId: outer.id, branchId: firstBranch },
          { groupId: nested.id, branchId: nested.branches[0]!.id },
        ],
        index: 0,
      },
      { kind: 'node', node: { ...newApprovalNode('F'), id: 'f' } },
    );
    const { graph } = flowToGraph(flow);
    expect(checkWorkflowGraph(graph)).toEqual([]);

    const again = graphToFlow(graph);
    expect(meaning(flowToGraph(again).graph)).toEqual(meaning(graph));
    const readOuter = again.items[1] as FlowGroup;
    expect(
      readOuter.branches.map((branch) => [branch.isDefault, branch.conditions.length, branch.items.length]),
    ).toEqual([
      [false, 1, 3], // b, the nested group (f | default), c
      [false, 1, 1], // e
      [true, 0, 0], // the default goes straight to d
    ]);
  });

  it('refuses graphs it cannot lay out: a cycle, two starts, a node off the flow', () => {
    const graph = defaultWorkflowGraph(names);
    const cycle: WorkflowGraph = {
      ...graph,
      edges: [
        ...graph.edges,
        { id: 'back', from: 'approval-1', to: 'start', priority: 1, isDefault: true, conditions: [] },
      ],
    };
    expect(() => graphToFlow(cycle)).toThrow(UnsupportedGraph);
    expect(() =>
      graphToFlow({ ...graph, nodes: [...graph.nodes, { id: 's2', kind: 'start', name: 'S' }] }),
    ).toThrow(UnsupportedGraph);
    const orphan = { ...newApprovalNode('Orphan'), id: 'orphan' };
    expect(() => graphToFlow({ ...graph, nodes: [...graph.nodes, orphan] })).toThrow(UnsupportedGraph);
  });
});

describe('workflow flow editing', () => {
  it('lets a group follow a node only, and refuses removing the node between a group and its slot', () => {
    const flow = branchedFlow();
    const group = flow.items[1] as FlowGroup;
    expect(canAddGroup(flow, { path: [], index: 0 })).toBe(true); // after the start
    expect(canAddGroup(flow, { path: [], index: 1 })).toBe(true); // after approval-1
    expect(canAddGroup(flow, { path: [], index: 2 })).toBe(false); // right after the group
    const inBranch = [{ groupId: group.id, branchId: group.branches[0]!.id }];
    expect(canAddGroup(flow, { path: inBranch, index: 0 })).toBe(false); // top of a branch
    expect(canAddGroup(flow, { path: inBranch, index: 1 })).toBe(true); // after b
    // approval-1 carries the group: without it the group would follow the start, which is allowed.
    expect(canRemoveNode(flow, 'approval-1')).toBe(true);
    // A group after b inside the branch: removing b would put it at the top of the branch.
    const nested = insertAt(flow, { path: inBranch, index: 1 }, newGroup());
    expect(canRemoveNode(nested, 'b')).toBe(false);
    expect(canRemoveNode(nested, 'c')).toBe(true);
    expect(canRemoveNode(nested, 'd')).toBe(true);
    const removed = removeNode(nested, 'c');
    expect(flowToGraph(removed).graph.nodes.map((node) => node.id)).not.toContain('c');
  });

  it('keeps one default last: moving, removing branches, and a group of one dissolves', () => {
    let flow = branchedFlow();
    const group = flow.items[1] as FlowGroup;
    flow = addBranch(flow, group.id);
    let branches = (flow.items[1] as FlowGroup).branches;
    const [first, second, fallback] = branches;
    flow = moveBranch(flow, group.id, second!.id, -1);
    branches = (flow.items[1] as FlowGroup).branches;
    expect(branches.map((branch) => branch.id)).toEqual([second!.id, first!.id, fallback!.id]);
    // The default never moves, and nothing moves below it.
    expect(moveBranch(flow, group.id, first!.id, 1)).toEqual(flow);
    // Removing the default makes the last one the default, its conditions dropped.
    flow = removeBranch(flow, group.id, fallback!.id);
    branches = (flow.items[1] as FlowGroup).branches;
    expect(branches.map((branch) => branch.isDefault)).toEqual([false, true]);
    expect(branches[1]!.conditions).toEqual([]);
    // Down to one branch: the group gives way to that branch's nodes.
    flow = removeBranch(flow, group.id, second!.id);
    expect(flow.items.map((item) => (item.kind === 'node' ? item.node.id : 'group'))).toEqual([
      'approval-1',
      'b',
      'c',
      'd',
    ]);
  });

  it("puts the checker's problems on the node, the branch or the group they are about", () => {
    let flow = branchedFlow();
    const group = flow.items[1] as FlowGroup;
    flow = setBranchConditions(flow, group.id, group.branches[0]!.id, []);
    const node = flow.items[0];
    if (node?.kind !== 'node') throw new Error('flow changed');
    node.node.approvers = [];
    const converted = flowToGraph(flow);
    const placed = placeProblems(checkWorkflowGraph(converted.graph), converted);
    expect(placed.nodes.get('approval-1')?.map((p) => p.key)).toEqual(['workflow.noApprovers']);
    expect(placed.branches.get(group.branches[0]!.id)?.map((p) => p.key)).toEqual([
      'workflow.branchWithoutCondition',
    ]);
    expect(placed.graph).toEqual([]);
    const whole = placeProblems([{ key: 'workflow.noApprovalNode' }], converted);
    expect(whole.graph.map((p) => p.key)).toEqual(['workflow.noApprovalNode']);
  });
});
