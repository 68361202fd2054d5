import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildOrgTree,
  filterTree,
  findPath,
  ORG_TREE_MAX_DEPTH,
  type OrgCircleInput,
  type OrgEnterpriseInput,
  type OrgProjectInput,
  type OrgTreeNode,
  type OrgTreeOptions,
  OTHER_NODE_ID,
  walkTree,
} from './index';

type Node = OrgTreeNode;

/** A compact picture of a tree: `id(child,child)`, for readable example assertions. */
function shape(nodes: readonly Node[]): string {
  return nodes.map((n) => (n.children.length ? `${n._id}(${shape(n.children)})` : n._id)).join(',');
}

function maxDepthOf(nodes: readonly Node[]): number {
  let max = 0;
  walkTree(nodes, (_n, depth) => {
    max = Math.max(max, depth);
  });
  return max;
}

function countNodes(nodes: readonly Node[]): number {
  let count = 0;
  walkTree(nodes, () => {
    count++;
  });
  return count;
}

const e = (id: string, name = id): OrgEnterpriseInput => ({ _id: id, name });
const c = (id: string, enterpriseId: string | null, parentId?: string | null, name = id): OrgCircleInput => ({
  _id: id,
  name,
  enterpriseId,
  parentId,
});
const p = (
  id: string,
  enterpriseId?: string | null,
  circleId?: string | null,
  name = id,
): OrgProjectInput => ({
  _id: id,
  name,
  enterpriseId,
  circleId,
});

describe('buildOrgTree: examples', () => {
  it('nests circles and projects under enterprises', () => {
    const tree = buildOrgTree({
      enterprises: [e('E1'), e('E2')],
      circles: [c('C1', 'E1', null), c('C2', 'E1', 'C1'), c('C3', 'E2')],
      projects: [p('P1', 'E1', 'C2'), p('P2', 'E1'), p('P3', 'E2', 'C3'), p('P4', 'E1', 'C1')],
    });
    expect(shape(tree)).toBe('E1(C1(C2(P1),P4),P2),E2(C3(P3))');
    expect(tree[0]).toMatchObject({ type: 'enterprise', title: 'E1', _id: 'E1' });
    expect(tree[0]?.children[0]?.type).toBe('circle');
    expect(tree[0]?.children[1]).toMatchObject({ type: 'project', _id: 'P2', children: [] });
  });

  it('keeps the input item as data and the name as title', () => {
    const enterprise = { _id: 'E1', name: '中建八局', extra: 42 };
    const tree = buildOrgTree({ enterprises: [enterprise] });
    expect(tree[0]?.data).toBe(enterprise);
    expect(tree[0]?.title).toBe('中建八局');
    if (tree[0]?.type === 'enterprise') expect(tree[0].data.extra).toBe(42);
  });

  it('is empty for empty input, and has no other group when nothing is orphaned', () => {
    expect(buildOrgTree({})).toEqual([]);
    expect(buildOrgTree({ enterprises: [e('E1')] }).map((n) => n._id)).toEqual(['E1']);
  });

  it('puts items whose parent is missing under the other group, last', () => {
    const tree = buildOrgTree({
      enterprises: [e('E1')],
      circles: [c('C1', 'E1', 'missing'), c('C2', 'E-missing'), c('C3', 'E1', '')],
      projects: [
        p('P1', 'E-missing'),
        p('P2', null, null),
        p('P3', 'E1', 'C-missing'),
        p('P4', 'E-x', 'C-x'),
      ],
    });
    expect(shape(tree)).toBe('E1(C3,P3),other(C1,C2,P1,P2,P4)');
    const other = tree[1]!;
    expect(other).toMatchObject({ type: 'other', _id: OTHER_NODE_ID, data: null, title: '其他' });
  });

  it('can place circles with a missing parent circle under their enterprise instead', () => {
    const tree = buildOrgTree(
      { enterprises: [e('E1')], circles: [c('C1', 'E1', 'missing'), c('C2', 'E2', 'missing')] },
      { orphanCircles: 'enterprise', otherTitle: 'Other' },
    );
    expect(shape(tree)).toBe('E1(C1),other(C2)');
    expect(tree[1]?.title).toBe('Other');
  });

  it('a project follows its circle even when the circle is under other', () => {
    const tree = buildOrgTree({
      enterprises: [e('E1')],
      circles: [c('C1', 'E1', 'gone')],
      projects: [p('P1', 'E1', 'C1')],
    });
    expect(shape(tree)).toBe('E1,other(C1(P1))');
  });

  it('puts circles before projects, each kind in input order', () => {
    const tree = buildOrgTree({
      enterprises: [e('E1')],
      circles: [c('Cb', 'E1'), c('Ca', 'E1')],
      projects: [p('Pz', 'E1'), p('Pa', 'E1'), p('Pm', 'E1', 'Cb')],
    });
    expect(shape(tree)).toBe('E1(Cb(Pm),Ca,Pz,Pa)');
  });

  it('sends cycle members to other without hanging', () => {
    const tree = buildOrgTree({
      enterprises: [e('E1')],
      circles: [
        c('A', 'E1', 'B'),
        c('B', 'E1', 'A'),
        c('S', 'E1', 'S'), // self-parent
        c('X', 'E1', 'A'), // hangs off the cycle: keeps its parent
        c('R1', 'E1', 'R3'),
        c('R2', 'E1', 'R1'),
        c('R3', 'E1', 'R2'),
        c('OK', 'E1', null),
      ],
      projects: [p('P1', 'E1', 'A'), p('P2', 'E1', 'S')],
    });
    expect(shape(tree)).toBe('E1(OK),other(A(X,P1),B,S(P2),R1,R2,R3)');
  });

  it('caps the depth at 1024: deeper nodes move with their subtree under other', () => {
    const n = 1100;
    const circles = Array.from({ length: n }, (_, i) => c(`C${i}`, 'E1', i === 0 ? null : `C${i - 1}`));
    const projects = [p('Pdeep', 'E1', 'C1022'), p('Pok', 'E1', 'C1021'), p('Plast', 'E1', `C${n - 1}`)];
    const tree = buildOrgTree({ enterprises: [e('E1')], circles, projects });
    expect(maxDepthOf(tree)).toBe(ORG_TREE_MAX_DEPTH);
    expect(countNodes(tree)).toBe(1 + n + projects.length + 1);
    // E1 at depth 1, C0 at 2 … C1022 at 1024; C1023 would be at 1025, so it starts again under other.
    expect(findPath(tree, 'C1022')).toHaveLength(1024);
    expect(findPath(tree, 'C1023')?.map((x) => x._id)).toEqual(['other', 'C1023']);
    expect(findPath(tree, 'Pok')).toHaveLength(1024);
    // a project under a circle at the cap cannot go one deeper: it goes to other
    expect(findPath(tree, 'Pdeep')?.map((x) => x._id)).toEqual(['other', 'Pdeep']);
    expect(findPath(tree, 'Plast')?.[1]?._id).toBe('C1023');
    expect(tree[1]?.children.map((x) => x._id)).toEqual(['C1023', 'Pdeep']);
  });

  it('cuts very long chains into pieces that each fit the cap', () => {
    const n = 5000;
    const circles = Array.from({ length: n }, (_, i) => c(`C${i}`, 'E1', i === 0 ? null : `C${i - 1}`));
    const tree = buildOrgTree({ enterprises: [e('E1')], circles }, { maxDepth: 10 });
    expect(maxDepthOf(tree)).toBe(10);
    expect(countNodes(tree)).toBe(n + 2);
    // E1 + C0…C8 fill levels 1–10; then every piece under other holds 9 circles (levels 2–10)
    expect(tree[1]?.children.map((x) => x._id).slice(0, 3)).toEqual(['C9', 'C18', 'C27']);
  });

  it('a long cycle terminates and lands under other', () => {
    const n = 20000;
    const circles = Array.from({ length: n }, (_, i) => c(`C${i}`, 'E1', `C${(i + 1) % n}`));
    const tree = buildOrgTree({ enterprises: [e('E1')], circles });
    expect(tree[1]?.children).toHaveLength(n);
  });

  it('handles the benchmark shape: 5,000 projects in 300 circles', () => {
    const enterprises = Array.from({ length: 5 }, (_, i) => e(`E${i}`));
    const circles = Array.from({ length: 300 }, (_, i) =>
      c(`C${i}`, `E${i % 5}`, i < 5 ? null : `C${Math.floor(i / 3)}`),
    );
    const projects = Array.from({ length: 5000 }, (_, i) => p(`P${i}`, `E${i % 5}`, `C${i % 300}`));
    const tree = buildOrgTree({ enterprises, circles, projects });
    expect(countNodes(tree)).toBe(5 + 300 + 5000);
    expect(tree.some((n) => n.type === 'other')).toBe(false);
    expect(maxDepthOf(tree)).toBeLessThan(20);
  });

  it('rejects a cap below 2', () => {
    expect(() => buildOrgTree({}, { maxDepth: 1 })).toThrow(RangeError);
    expect(() => buildOrgTree({}, { maxDepth: 2.5 })).toThrow(RangeError);
  });
});

describe('findPath and filterTree: examples', () => {
  const tree = buildOrgTree({
    enterprises: [e('E1', '中建八局'), e('E2', 'Acme Build')],
    circles: [
      c('C1', 'E1', null, '华东分公司'),
      c('C2', 'E1', 'C1', '上海区域'),
      c('C3', 'E2', null, 'North'),
    ],
    projects: [
      p('P1', 'E1', 'C2', '上海中心大厦'),
      p('P2', 'E1', 'C1', '杭州东站'),
      p('P3', 'E2', 'C3', 'Harbour Bridge'),
      p('P4', 'E2', null, 'Shanghai Tower BIM'),
      p('P5', null, null, 'Lost project'),
    ],
  });

  it('findPath gives the nodes from the root', () => {
    expect(findPath(tree, 'P1')?.map((n) => n._id)).toEqual(['E1', 'C1', 'C2', 'P1']);
    expect(findPath(tree, 'E2')?.map((n) => n._id)).toEqual(['E2']);
    expect(findPath(tree, 'P5')?.map((n) => n._id)).toEqual(['other', 'P5']);
    expect(findPath(tree, 'nope')).toBeUndefined();
    expect(findPath(tree, 'P1', 'circle')).toBeUndefined();
    expect(findPath(tree, 'C2', 'circle')).toHaveLength(3);
  });

  it('filterTree keeps matches, their ancestors and their subtrees', () => {
    expect(shape(filterTree(tree, '上海'))).toBe('E1(C1(C2(P1)))');
    expect(shape(filterTree(tree, 'shanghai'))).toBe('E2(P4)'); // case-insensitive
    expect(shape(filterTree(tree, 'ＨＡＲＢＯＵＲ'))).toBe('E2(C3(P3))'); // full-width
    expect(shape(filterTree(tree, '华东'))).toBe('E1(C1(C2(P1),P2))'); // the circle's whole subtree
    expect(shape(filterTree(tree, '华东', { keepDescendants: false }))).toBe('E1(C1)');
    expect(shape(filterTree(tree, 'lost'))).toBe('other(P5)');
    expect(filterTree(tree, 'zzz')).toEqual([]);
    expect(filterTree(tree, '  ')).toEqual(tree);
  });

  it('filterTree never modifies its input', () => {
    const before = JSON.stringify(tree);
    filterTree(tree, '上海');
    filterTree(tree, 'b', { keepDescendants: false });
    expect(JSON.stringify(tree)).toBe(before);
  });
});

// ── property-based tests ─────────────────────────────────────────────────────────────────────────────────

interface Forest {
  enterprises: OrgEnterpriseInput[];
  circles: OrgCircleInput[];
  projects: OrgProjectInput[];
}

/**
 * Random forests: ids drawn from small pools so that duplicates, self-parents, cycles and links to missing
 * items (ids past the pool's end, '', null, undefined) all happen often.
 */
const forestArb: fc.Arbitrary<Forest> = fc
  .record({ nE: fc.nat(4), nC: fc.nat(40), nP: fc.nat(40) })
  .chain(({ nE, nC, nP }) => {
    const ref = (prefix: string, size: number) =>
      fc.oneof(
        { weight: 6, arbitrary: fc.nat(size + 1).map((k) => `${prefix}${k}`) },
        { weight: 1, arbitrary: fc.constantFrom(null, undefined, '') },
      );
    const enterprise = fc.nat(nE + 1).map((k) => ({ _id: `e${k}`, name: `Enterprise ${k}` }));
    const circle = fc.record({
      _id: fc.nat(nC).map((k) => `c${k}`),
      name: fc.string({ maxLength: 6 }),
      enterpriseId: ref('e', nE),
      parentId: ref('c', nC),
    });
    const project = fc.record({
      _id: fc.nat(nP).map((k) => `p${k}`),
      name: fc.string({ maxLength: 6 }),
      enterpriseId: ref('e', nE),
      circleId: ref('c', nC),
    });
    return fc.record({
      enterprises: fc.array(enterprise, { maxLength: nE }),
      circles: fc.array(circle, { maxLength: nC }),
      projects: fc.array(project, { maxLength: nP }),
    });
  });

const optionsArb: fc.Arbitrary<OrgTreeOptions> = fc.record({
  maxDepth: fc.constantFrom(2, 3, 4, 6, ORG_TREE_MAX_DEPTH),
  orphanCircles: fc.constantFrom('other' as const, 'enterprise' as const),
});

function present(id: string | null | undefined): id is string {
  return id != null && id !== '';
}

/** Checks every placement rule of buildOrgTree against a naive reading of the input. */
function checkTree(forest: Forest, options: OrgTreeOptions, tree: Node[]): void {
  const maxDepth = options.maxDepth ?? ORG_TREE_MAX_DEPTH;
  const firstEnterprise = new Map<string, OrgEnterpriseInput>();
  for (const x of forest.enterprises) if (!firstEnterprise.has(x._id)) firstEnterprise.set(x._id, x);
  const firstCircle = new Map<string, OrgCircleInput>();
  for (const x of forest.circles) if (!firstCircle.has(x._id)) firstCircle.set(x._id, x);
  const inputIndex = new Map<unknown, number>();
  for (const list of [forest.enterprises, forest.circles, forest.projects]) {
    for (const [i, x] of list.entries()) inputIndex.set(x, i);
  }

  // Cycle members, found independently of the implementation: in the graph circle → first circle with its
  // parentId, repeatedly remove circles nobody points at (Kahn); exactly the cycle members remain.
  const next = new Map<OrgCircleInput, OrgCircleInput>();
  const indegree = new Map<OrgCircleInput, number>(forest.circles.map((x) => [x, 0]));
  for (const x of forest.circles) {
    const parentCircle = present(x.parentId) ? firstCircle.get(x.parentId) : undefined;
    if (parentCircle) {
      next.set(x, parentCircle);
      indegree.set(parentCircle, indegree.get(parentCircle)! + 1);
    }
  }
  const cycleMembers = new Set(forest.circles);
  const queue = forest.circles.filter((x) => indegree.get(x) === 0);
  while (queue.length > 0) {
    const x = queue.pop()!;
    cycleMembers.delete(x);
    const to = next.get(x);
    if (to) {
      indegree.set(to, indegree.get(to)! - 1);
      if (indegree.get(to) === 0) queue.push(to);
    }
  }
  const inCycle = (circle: OrgCircleInput) => cycleMembers.has(circle);

  // plain checks (not expect) keep thousands of nodes per run fast; a failure names the node
  const ok = (condition: boolean, what: string, node: Node) => {
    if (!condition) throw new Error(`${what}: ${node.type} ${node._id}`);
  };
  const deferred: (() => void)[] = [];
  const seen = new Map<unknown, number>();
  const depthOf = new Map<unknown, number>();
  let otherCount = 0;
  walkTree(tree, (node, depth, parent) => {
    ok(depth <= maxDepth, 'deeper than the cap', node);
    // children: circles (input order), then projects (input order); nothing under a project
    let lastKind = 0;
    let lastIndex = -1;
    for (const child of node.children) {
      ok(child.type === 'circle' || child.type === 'project', 'only circles and projects are children', node);
      const kind = child.type === 'circle' ? 1 : 2;
      const index = inputIndex.get(child.data)!;
      ok(kind > lastKind || (kind === lastKind && index > lastIndex), 'children in order', child);
      lastKind = kind;
      lastIndex = index;
    }
    if (node.type === 'other') {
      otherCount++;
      ok(parent === undefined && node.children.length > 0, 'other is a non-empty root', node);
      return;
    }
    seen.set(node.data, (seen.get(node.data) ?? 0) + 1);
    depthOf.set(node.data, depth);
    ok(node._id === node.data._id && node.title === node.data.name, 'id and title from the data', node);
    ok(node.type !== 'project' || node.children.length === 0, 'projects are leaves', node);

    const where = parent?.type ?? 'root';
    if (node.type === 'enterprise') {
      ok(where === 'root', 'enterprises are roots', node);
    } else if (node.type === 'circle') {
      const circle = node.data;
      const enterprise = present(circle.enterpriseId) ? firstEnterprise.get(circle.enterpriseId) : undefined;
      const parentCircle = present(circle.parentId) ? firstCircle.get(circle.parentId) : undefined;
      if (where === 'circle') {
        ok(
          parent?.data === parentCircle && !inCycle(circle),
          'under its parent circle, not a cycle member',
          node,
        );
      } else if (where === 'enterprise') {
        ok(parent?.data === enterprise, 'under its own enterprise', node);
        if (present(circle.parentId)) {
          ok(
            options.orphanCircles === 'enterprise' && !parentCircle,
            'only orphans fall back to the enterprise',
            node,
          );
        }
      } else {
        ok(where === 'other', 'circles sit under a circle, an enterprise or other', node);
        if (!present(circle.parentId)) ok(!enterprise, 'top circle in other only without enterprise', node);
        else if (parentCircle === undefined) {
          ok(
            options.orphanCircles !== 'enterprise' || !enterprise,
            'orphan with enterprise falls back',
            node,
          );
        } else if (!inCycle(circle)) {
          // moved because its parent sits at the cap (checked once every depth is known)
          deferred.push(() => ok(depthOf.get(parentCircle) === maxDepth, 'moved only at the cap', node));
        }
      }
    } else {
      const project = node.data;
      const circle = present(project.circleId) ? firstCircle.get(project.circleId) : undefined;
      const enterprise = present(project.enterpriseId)
        ? firstEnterprise.get(project.enterpriseId)
        : undefined;
      if (where === 'circle') ok(parent?.data === circle, 'under its own circle', node);
      else if (where === 'enterprise')
        ok(!circle && parent?.data === enterprise, 'under its enterprise', node);
      else {
        ok(where === 'other', 'projects sit under a circle, an enterprise or other', node);
        if (circle) deferred.push(() => ok(depthOf.get(circle) === maxDepth, 'moved only at the cap', node));
        else ok(!enterprise, 'in other only without circle and enterprise', node);
      }
    }
  });
  for (const check of deferred) check();

  // every input item exactly once, nothing else but at most one 'other' group, which comes last
  for (const item of [...forest.enterprises, ...forest.circles, ...forest.projects])
    expect(seen.get(item)).toBe(1);
  expect(seen.size).toBe(forest.enterprises.length + forest.circles.length + forest.projects.length);
  expect(otherCount).toBeLessThanOrEqual(1);
  if (otherCount) expect(tree[tree.length - 1]?.type).toBe('other');
  expect(tree.length).toBe(forest.enterprises.length + otherCount);
}

describe('buildOrgTree: properties', () => {
  it('places every item exactly once, by the rules, within the depth cap', () => {
    fc.assert(
      fc.property(forestArb, optionsArb, (forest, options) => {
        checkTree(forest, options, buildOrgTree(forest, options));
      }),
      { numRuns: 500 },
    );
  });

  it('holds on long random chains with cycles (terminates; no recursion)', () => {
    const longForest = fc
      .record({ n: fc.integer({ min: 1, max: 3000 }), seedLinks: fc.array(fc.nat(), { maxLength: 3000 }) })
      .map(({ n, seedLinks }) => {
        // mostly chains (i → i-1), some random links (including back-links that close cycles)
        const circles = Array.from({ length: n }, (_, i) => {
          const s = seedLinks[i];
          const parentId = i === 0 ? null : s !== undefined && s % 10 === 0 ? `c${s % n}` : `c${i - 1}`;
          return { _id: `c${i}`, name: `Circle ${i}`, enterpriseId: 'e0', parentId };
        });
        const projects = Array.from({ length: Math.min(n, 500) }, (_, i) => ({
          _id: `p${i}`,
          name: `Project ${i}`,
          enterpriseId: 'e0',
          circleId: `c${(i * 7) % n}`,
        }));
        return { enterprises: [{ _id: 'e0', name: 'E' }], circles, projects };
      });
    fc.assert(
      fc.property(longForest, fc.constantFrom(2, 7, 100, ORG_TREE_MAX_DEPTH), (forest, maxDepth) => {
        checkTree(forest, { maxDepth }, buildOrgTree(forest, { maxDepth }));
      }),
      { numRuns: 40 },
    );
  });

  it('findPath reaches every node through its parents', () => {
    fc.assert(
      fc.property(forestArb, (forest) => {
        const tree = buildOrgTree(forest, { maxDepth: 4 });
        walkTree(tree, (node, depth, parent) => {
          const path = findPath(tree, node._id, node.type);
          expect(path).toBeDefined();
          const last = path![path!.length - 1]!;
          expect(last._id).toBe(node._id);
          // ids may repeat in random forests: the first one in pre-order is found, at some depth ≤ this one's
          if (last === node) {
            expect(path).toHaveLength(depth);
            if (parent) expect(path![path!.length - 2]).toBe(parent);
          }
          for (let i = 1; i < path!.length; i++) expect(path![i - 1]!.children).toContain(path![i]);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('filterTree keeps exactly the matches, their ancestors and (optionally) their subtrees, in order', () => {
    fc.assert(
      fc.property(
        forestArb,
        fc.string({ minLength: 1, maxLength: 2 }),
        fc.boolean(),
        (forest, keyword, keep) => {
          const tree = buildOrgTree(forest);
          const needle = keyword.trim().normalize('NFKC').toLowerCase();
          fc.pre(needle !== '');
          const isMatch = (n: Node) => n.title.normalize('NFKC').toLowerCase().includes(needle);
          const expectedIds: Node[] = [];
          // naive reference: a node is kept when it matches, has a matching descendant, or (keep) an ancestor matches
          const hasMatchBelow = (n: Node): boolean => n.children.some((x) => isMatch(x) || hasMatchBelow(x));
          walkTree(tree, (n) => {
            if (isMatch(n) || hasMatchBelow(n)) {
              expectedIds.push(n);
              if (isMatch(n) && keep) {
                walkTree(n.children, (d) => {
                  expectedIds.push(d);
                });
                return false;
              }
              return true;
            }
            return false;
          });
          const got: string[] = [];
          walkTree(filterTree(tree, keyword, { keepDescendants: keep }), (n) => {
            got.push(`${n.type}:${n._id}`);
          });
          expect(got).toEqual(expectedIds.map((n) => `${n.type}:${n._id}`));
        },
      ),
      { numRuns: 300 },
    );
  });
});
