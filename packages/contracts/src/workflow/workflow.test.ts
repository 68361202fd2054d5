import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ApprovalNode,
  checkWorkflowGraph,
  chooseEdge,
  conditionHolds,
  DEFAULT_OPINIONS,
  type EdgeCondition,
  nodeProgress,
  routeThrough,
  type WorkflowEdge,
  type WorkflowGraph,
  workflowActionSchema,
  workflowDelayBand,
  workflowDelayDays,
  workflowGraphSchema,
} from './index';

const USER_A = '0123456789abcdef01234567';
const USER_B = '0123456789abcdef01234568';
const USER_C = '0123456789abcdef01234569';

function approval(id: string, overrides: Partial<ApprovalNode> = {}): ApprovalNode {
  return {
    id,
    kind: 'approval',
    name: `审批 ${id}`,
    approvers: [{ kind: 'members', userIds: [USER_A] }],
    cc: [],
    keyNode: false,
    mode: 'any',
    permissions: { reject: true, forward: true, edit: false, export: true, close: false },
    opinions: DEFAULT_OPINIONS,
    multipleEdit: false,
    fieldAccess: {},
    deadlineHours: null,
    ...overrides,
  };
}

function edge(from: string, to: string, extra: Partial<WorkflowEdge> = {}): WorkflowEdge {
  return { id: `${from}-${to}`, from, to, priority: 0, isDefault: false, conditions: [], ...extra };
}

const controls = { allowChangePersonnel: false, allowRecall: true, showLog: true };

/** start → a → end */
function line(): WorkflowGraph {
  return {
    nodes: [
      { id: 'start', kind: 'start', name: '发起' },
      approval('a'),
      { id: 'end', kind: 'end', name: '结束' },
    ],
    edges: [edge('start', 'a'), edge('a', 'end')],
    controls,
  };
}

/** start → branch on amount: > 10000 → boss → end; default → manager → end */
function branched(): WorkflowGraph {
  return {
    nodes: [
      { id: 'start', kind: 'start', name: '发起' },
      approval('boss'),
      approval('manager'),
      { id: 'end', kind: 'end', name: '结束' },
    ],
    edges: [
      edge('start', 'boss', { priority: 1, conditions: [{ field: 'amount', op: 'gt', value: 10000 }] }),
      edge('start', 'manager', { isDefault: true }),
      edge('boss', 'end'),
      edge('manager', 'end'),
    ],
    controls,
  };
}

const keys = (graph: WorkflowGraph) => checkWorkflowGraph(graph).map((problem) => problem.key);

describe('workflow graph shape', () => {
  it('accepts a well-formed graph and refuses a node of an unknown kind or an approval mode that does not exist', () => {
    expect(workflowGraphSchema.safeParse(branched()).success).toBe(true);
    const badKind = { ...line(), nodes: [...line().nodes, { id: 'x', kind: 'gateway', name: 'x' }] };
    expect(workflowGraphSchema.safeParse(badKind).success).toBe(false);
    const badMode = { ...line(), nodes: [approval('a', { mode: 'majority' as never })] };
    expect(workflowGraphSchema.safeParse(badMode).success).toBe(false);
  });
});

describe('workflow structure (spec 001 §4)', () => {
  it('finds nothing wrong with a line or a branched flow', () => {
    expect(checkWorkflowGraph(line())).toEqual([]);
    expect(checkWorkflowGraph(branched())).toEqual([]);
  });

  it('needs exactly one start, exactly one end and at least one approval node', () => {
    const noApproval: WorkflowGraph = {
      nodes: [
        { id: 'start', kind: 'start', name: '发起' },
        { id: 'end', kind: 'end', name: '结束' },
      ],
      edges: [edge('start', 'end')],
      controls,
    };
    expect(keys(noApproval)).toEqual(['workflow.noApprovalNode']);

    const twoStarts = line();
    twoStarts.nodes.push({ id: 'start2', kind: 'start', name: '发起 2' });
    twoStarts.edges.push(edge('start2', 'a'));
    expect(checkWorkflowGraph(twoStarts)).toContainEqual({
      key: 'workflow.startCount',
      params: { count: 2 },
    });

    const noEnd = line();
    noEnd.nodes = noEnd.nodes.filter((node) => node.kind !== 'end');
    noEnd.edges = [edge('start', 'a')];
    expect(keys(noEnd)).toEqual(['workflow.endCount', 'workflow.noOutput']);
  });

  it('names the node without input or output, the one the start cannot reach and the one that cannot reach the end', () => {
    const graph = line();
    graph.nodes.push(approval('orphan'), approval('deadEnd'));
    graph.edges.push(edge('orphan', 'end'), edge('a', 'deadEnd'));
    // a now branches into end and deadEnd with no default
    const problems = checkWorkflowGraph(graph);
    expect(problems).toContainEqual({ key: 'workflow.noInput', nodeId: 'orphan' });
    expect(problems).toContainEqual({ key: 'workflow.noOutput', nodeId: 'deadEnd' });
    expect(problems).toContainEqual({ key: 'workflow.unreachable', nodeId: 'orphan' });
    expect(problems).toContainEqual({ key: 'workflow.cannotReachEnd', nodeId: 'deadEnd' });
    expect(problems).toContainEqual({ key: 'workflow.branchWithoutDefault', nodeId: 'a' });
  });

  it('refuses inputs into the start, outputs out of the end, self-loops, repeated and dangling edges', () => {
    const graph = line();
    graph.edges.push(edge('a', 'start', { id: 'back' }), edge('end', 'a', { id: 'out' }));
    graph.edges.push(
      edge('a', 'a', { id: 'self' }),
      edge('a', 'end', { id: 'again' }),
      edge('a', 'ghost', { id: 'dangling' }),
    );
    const problems = checkWorkflowGraph(graph);
    expect(problems).toContainEqual({ key: 'workflow.startHasInput', nodeId: 'start' });
    expect(problems).toContainEqual({ key: 'workflow.endHasOutput', nodeId: 'end' });
    expect(problems).toContainEqual({ key: 'workflow.edgeToItself', edgeId: 'self', nodeId: 'a' });
    expect(problems).toContainEqual({ key: 'workflow.duplicateEdge', edgeId: 'again', nodeId: 'a' });
    expect(problems).toContainEqual({
      key: 'workflow.edgeUnknownNode',
      edgeId: 'dangling',
      params: { node: 'ghost' },
    });
    expect(keys(graph)).toContain('workflow.cycle');
  });

  it('refuses a cycle between approval nodes: going back is a reject action, never an edge', () => {
    const graph = line();
    graph.nodes.push(approval('b'));
    graph.edges = [
      edge('start', 'a'),
      edge('a', 'b'),
      edge('b', 'a', { priority: 1, conditions: [{ field: 'x', op: 'notEmpty' }] }),
      edge('b', 'end', { isDefault: true }),
    ];
    expect(keys(graph)).toEqual(['workflow.cycle']);
  });

  it('allows at most ten inputs and ten outputs per node', () => {
    const graph = line();
    graph.edges = [edge('start', 'a'), edge('a', 'end', { isDefault: true })];
    for (let index = 0; index < 10; index++) {
      graph.nodes.push(approval(`n${index}`));
      graph.edges.push(
        edge('a', `n${index}`, {
          priority: index,
          conditions: [{ field: 'amount', op: 'eq', value: index }],
        }),
        edge(`n${index}`, 'end'),
      );
    }
    const problems = checkWorkflowGraph(graph);
    expect(problems).toContainEqual({ key: 'workflow.tooManyOutputs', nodeId: 'a', params: { max: 10 } });
    expect(problems).toContainEqual({ key: 'workflow.tooManyInputs', nodeId: 'end', params: { max: 10 } });
    graph.edges = graph.edges.filter((candidate) => candidate.id !== 'a-n9' && candidate.id !== 'n9-end');
    graph.nodes = graph.nodes.filter((node) => node.id !== 'n9');
    expect(checkWorkflowGraph(graph)).toEqual([]);
  });

  it('branches: one default, every other branch with a condition and its own priority', () => {
    const graph = branched();
    graph.edges[1] = edge('start', 'manager', { priority: 1, conditions: [] });
    expect(keys(graph)).toEqual([
      'workflow.branchWithoutDefault',
      'workflow.branchWithoutCondition',
      'workflow.duplicatePriority',
    ]);
    const twoDefaults = branched();
    twoDefaults.edges[0] = edge('start', 'boss', { isDefault: true });
    expect(keys(twoDefaults)).toEqual(['workflow.severalDefaults']);
  });

  it('needs approvers unless personnel may be changed on the way, and conditions over fields the form has', () => {
    const graph = line();
    graph.nodes[1] = approval('a', { approvers: [] });
    expect(checkWorkflowGraph(graph)).toEqual([{ key: 'workflow.noApprovers', nodeId: 'a' }]);
    graph.nodes[1] = approval('a', { approvers: [{ kind: 'initiatorPicks' }] });
    expect(checkWorkflowGraph(graph)).toEqual([]);
    graph.nodes[1] = approval('a', { approvers: [] });
    expect(checkWorkflowGraph({ ...graph, controls: { ...controls, allowChangePersonnel: true } })).toEqual(
      [],
    );

    expect(checkWorkflowGraph(branched(), { fieldKeys: new Set(['amount']) })).toEqual([]);
    expect(checkWorkflowGraph(branched(), { fieldKeys: new Set(['title']) })).toEqual([
      {
        key: 'workflow.conditionUnknownField',
        nodeId: 'start',
        edgeId: 'start-boss',
        params: { field: 'amount' },
      },
    ]);
  });

  it('never throws and always finds a valid random chain valid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (count) => {
        const ids = Array.from({ length: count }, (_, index) => `n${index}`);
        const graph: WorkflowGraph = {
          nodes: [
            { id: 'start', kind: 'start', name: 's' },
            ...ids.map((id) => approval(id)),
            { id: 'end', kind: 'end', name: 'e' },
          ],
          edges: ['start', ...ids].map((from, index) => edge(from, ids[index] ?? 'end')),
          controls,
        };
        expect(checkWorkflowGraph(graph)).toEqual([]);
        expect(routeThrough(graph, {})).toEqual(['start', ...ids, 'end']);
      }),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('start', 'a', 'b', 'end', 'x'),
            fc.constantFrom('start', 'a', 'b', 'end', 'x'),
          ),
          {
            maxLength: 12,
          },
        ),
        (pairs) => {
          const graph: WorkflowGraph = {
            nodes: [
              { id: 'start', kind: 'start', name: 's' },
              approval('a'),
              approval('b'),
              { id: 'end', kind: 'end', name: 'e' },
            ],
            edges: pairs.map(([from, to], index) => edge(from, to, { id: `e${index}`, priority: index })),
            controls,
          };
          const problems = checkWorkflowGraph(graph);
          // A graph is accepted only when the start reaches the end through every node.
          if (problems.length === 0) expect(routeThrough(graph, {}).at(-1)).toBe('end');
        },
      ),
    );
  });
});

describe('circulation conditions', () => {
  const holds = (condition: EdgeCondition, value: unknown) => conditionHolds(condition, { f: value });

  it('compares numbers as numbers (also when typed as text) and text as text', () => {
    expect(holds({ field: 'f', op: 'gt', value: 9 }, 10)).toBe(true);
    expect(holds({ field: 'f', op: 'gt', value: 9 }, '10')).toBe(true);
    expect(holds({ field: 'f', op: 'lte', value: 10 }, 10)).toBe(true);
    expect(holds({ field: 'f', op: 'lt', value: 10 }, 10)).toBe(false);
    expect(holds({ field: 'f', op: 'eq', value: '钢筋' }, '钢筋')).toBe(true);
    expect(holds({ field: 'f', op: 'gte', value: 1 }, null)).toBe(false);
    expect(holds({ field: 'f', op: 'ne', value: '钢筋' }, undefined)).toBe(true);
    expect(holds({ field: 'f', op: 'ne', value: 3 }, 3)).toBe(false);
  });

  it('in / not in over single and multiple choices, empty / not empty, amount ranges', () => {
    expect(holds({ field: 'f', op: 'in', values: ['a', 'b'] }, 'b')).toBe(true);
    expect(holds({ field: 'f', op: 'in', values: ['a', 'b'] }, ['c', 'a'])).toBe(true);
    expect(holds({ field: 'f', op: 'notIn', values: ['a', 'b'] }, ['c'])).toBe(true);
    expect(holds({ field: 'f', op: 'notIn', values: ['a'] }, [])).toBe(true);
    expect(holds({ field: 'f', op: 'empty' }, '  ')).toBe(true);
    expect(holds({ field: 'f', op: 'empty' }, [])).toBe(true);
    expect(holds({ field: 'f', op: 'notEmpty' }, 0)).toBe(true);
    expect(holds({ field: 'f', op: 'between', min: 100, max: 200 }, 200)).toBe(true);
    expect(holds({ field: 'f', op: 'between', min: 100, max: null }, 99.99)).toBe(false);
    expect(holds({ field: 'f', op: 'between', min: null, max: 0 }, 'abc')).toBe(false);
  });

  it('routes a form by its values: the first matching branch by priority, else the default', () => {
    const graph = branched();
    expect(chooseEdge(graph, 'start', { amount: 20000 })?.to).toBe('boss');
    expect(chooseEdge(graph, 'start', { amount: 500 })?.to).toBe('manager');
    expect(chooseEdge(graph, 'start', {})?.to).toBe('manager');
    expect(routeThrough(graph, { amount: 20000 })).toEqual(['start', 'boss', 'end']);
    graph.edges.push(
      edge('start', 'end', {
        id: 'huge',
        priority: 0,
        conditions: [{ field: 'amount', op: 'gt', value: 1e6 }],
      }),
    );
    expect(chooseEdge(graph, 'start', { amount: 2e6 })?.id).toBe('huge');
    expect(chooseEdge(graph, 'end', {})).toBeUndefined();
  });
});

describe('approval modes', () => {
  const approvers = [USER_A, USER_B, USER_C];

  it('any: the first decision decides', () => {
    expect(nodeProgress('any', approvers, [])).toEqual({
      outcome: 'pending',
      handlers: approvers,
      passedBy: [],
    });
    expect(nodeProgress('any', approvers, [{ userId: USER_B, decision: 'pass' }]).outcome).toBe('passed');
    expect(nodeProgress('any', approvers, [{ userId: USER_C, decision: 'reject' }]).outcome).toBe('rejected');
  });

  it('all: everybody passes; one rejection rejects at once', () => {
    const one = nodeProgress('all', approvers, [{ userId: USER_B, decision: 'pass' }]);
    expect(one).toEqual({ outcome: 'pending', handlers: [USER_A, USER_C], passedBy: [USER_B] });
    const acts = approvers.map((userId) => ({ userId, decision: 'pass' as const }));
    expect(nodeProgress('all', approvers, acts).outcome).toBe('passed');
    expect(nodeProgress('all', approvers, [acts[0]!, { userId: USER_C, decision: 'reject' }]).outcome).toBe(
      'rejected',
    );
  });

  it('sequential: one after another in order', () => {
    expect(nodeProgress('sequential', approvers, []).handlers).toEqual([USER_A]);
    expect(nodeProgress('sequential', approvers, [{ userId: USER_A, decision: 'pass' }]).handlers).toEqual([
      USER_B,
    ]);
    const all = approvers.map((userId) => ({ userId, decision: 'pass' as const }));
    expect(nodeProgress('sequential', approvers, all)).toEqual({
      outcome: 'passed',
      handlers: [],
      passedBy: approvers,
    });
  });

  it('ignores acts of people who are not approvers (any more) and second acts', () => {
    const acts = [
      { userId: '0123456789abcdef0123456f', decision: 'reject' as const },
      { userId: USER_A, decision: 'pass' as const },
      { userId: USER_A, decision: 'reject' as const },
    ];
    expect(nodeProgress('all', approvers, acts)).toEqual({
      outcome: 'pending',
      handlers: [USER_B, USER_C],
      passedBy: [USER_A],
    });
    expect(nodeProgress('all', [], []).outcome).toBe('pending');
  });
});

describe('instances', () => {
  it('counts a late node in days begun and maps them onto the delay bands', () => {
    const due = '2026-11-27T10:00:00.000Z';
    expect(workflowDelayDays(null, new Date('2027-01-01T00:00:00Z'))).toBe(0);
    expect(workflowDelayDays(due, new Date('2026-11-27T10:00:00Z'))).toBe(0);
    expect(workflowDelayDays(due, new Date('2026-11-27T10:01:00Z'))).toBe(1);
    expect(workflowDelayDays(due, new Date('2026-12-05T10:00:00Z'))).toBe(8);
    expect(workflowDelayDays(due, new Date('2027-01-01T00:00:00Z'), '2026-11-28T09:00:00.000Z')).toBe(1);
    expect([0, 1, 7, 8, 30, 31].map(workflowDelayBand)).toEqual([
      'onTime',
      'd1to7',
      'd1to7',
      'd8to30',
      'd8to30',
      'over30',
    ]);
  });

  it('reads actions strictly: a reject names its target, an unknown field is refused', () => {
    expect(workflowActionSchema.safeParse({ action: 'reject', target: 'previous' }).success).toBe(true);
    expect(workflowActionSchema.safeParse({ action: 'reject' }).success).toBe(false);
    expect(workflowActionSchema.safeParse({ action: 'pass', approver: 'x' }).success).toBe(false);
    expect(
      workflowActionSchema.safeParse({ action: 'comment', opinion: { mail: ['not mail'] } }).success,
    ).toBe(false);
  });
});
