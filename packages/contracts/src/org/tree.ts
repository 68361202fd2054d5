/**
 * The enterprise / circle / project tree of the home page (spec 000 §3, §4).
 *
 * Placement rules, applied by `buildOrgTree`:
 * - An enterprise is a root, in input order.
 * - A circle with no `parentId` (null, undefined or '') goes under its enterprise. A circle whose `parentId` is
 *   another circle's id goes under that circle. A circle whose parent circle is not in the input goes under
 *   the 'other' group (or, with `orphanCircles: 'enterprise'`, under its enterprise when that one is present).
 *   A circle with no parent whose enterprise is missing goes under 'other'.
 * - A project goes under its circle when that circle is in the input (wherever the circle itself ended up),
 *   else under its enterprise when that one is present, else under 'other'.
 * - Cycles: circles whose parent chain loops (A → B → A, or A → A) are each placed directly under 'other'.
 *   Circles that hang off a cycle keep their parent (a cycle member), so their subtrees stay intact.
 * - Depth cap (spec 000 §4: 1024; roots are depth 1): a circle or project that would sit deeper than
 *   `maxDepth` is moved, with its whole subtree, directly under 'other' (depth 2). Its subtree is measured again
 *   from there, so a very long chain is cut into pieces of at most maxDepth − 1 levels, each hanging from
 *   'other'. Every node therefore keeps its true parent except the ones moved to 'other', and no node is
 *   deeper than maxDepth.
 * - The 'other' group (`_id` 'other', type 'other', data null) is the last root and exists only when it has
 *   children.
 * - Order: under every node its circles come first, then its projects, each kind in input order.
 * - Ids are expected to be unique per kind. If one is repeated, every item still appears exactly once in the
 *   tree; children referring to that id go under its first occurrence.
 *
 * Everything runs in O(n) time with no recursion (no stack overflow on long chains), and never loops on
 * cyclic input. `findPath`, `filterTree` and `walkTree` are iterative too.
 */

export const ORG_TREE_MAX_DEPTH = 1024;
export const OTHER_NODE_ID = 'other';
export const OTHER_NODE_TITLE = '其他';

export type OrgNodeType = 'enterprise' | 'circle' | 'project' | 'other';

export interface OrgEnterpriseInput {
  _id: string;
  name: string;
}

export interface OrgCircleInput {
  _id: string;
  name: string;
  enterpriseId?: string | null;
  parentId?: string | null;
}

export interface OrgProjectInput {
  _id: string;
  name: string;
  enterpriseId?: string | null;
  circleId?: string | null;
}

export type OrgTreeNode<
  E extends OrgEnterpriseInput = OrgEnterpriseInput,
  C extends OrgCircleInput = OrgCircleInput,
  P extends OrgProjectInput = OrgProjectInput,
> =
  | { type: 'enterprise'; title: string; _id: string; data: E; children: OrgTreeNode<E, C, P>[] }
  | { type: 'circle'; title: string; _id: string; data: C; children: OrgTreeNode<E, C, P>[] }
  | { type: 'project'; title: string; _id: string; data: P; children: OrgTreeNode<E, C, P>[] }
  | { type: 'other'; title: string; _id: typeof OTHER_NODE_ID; data: null; children: OrgTreeNode<E, C, P>[] };

export interface OrgTreeInput<E, C, P> {
  enterprises?: readonly E[];
  circles?: readonly C[];
  projects?: readonly P[];
}

export interface OrgTreeOptions {
  /** Deepest level a node may sit at, roots being level 1. Default 1024; at least 2. */
  maxDepth?: number;
  /** Title of the 'other' group. The web usually shows its own localized text for type 'other'. */
  otherTitle?: string;
  /** Where a circle goes when its parent circle is missing: 'other' (default) or its enterprise if present. */
  orphanCircles?: 'other' | 'enterprise';
}

const TO_OTHER = 0;
const TO_ENTERPRISE = 1;
const TO_CIRCLE = 2;

function firstIndexById(items: readonly { _id: string }[]): Map<string, number> {
  const index = new Map<string, number>();
  items.forEach((item, i) => {
    if (!index.has(item._id)) index.set(item._id, i);
  });
  return index;
}

function present(id: string | null | undefined): id is string {
  return id != null && id !== '';
}

export function buildOrgTree<
  E extends OrgEnterpriseInput,
  C extends OrgCircleInput,
  P extends OrgProjectInput,
>(input: OrgTreeInput<E, C, P>, options: OrgTreeOptions = {}): OrgTreeNode<E, C, P>[] {
  type Node = OrgTreeNode<E, C, P>;
  const maxDepth = options.maxDepth ?? ORG_TREE_MAX_DEPTH;
  if (!Number.isInteger(maxDepth) || maxDepth < 2) throw new RangeError('maxDepth must be an integer ≥ 2');
  const enterprises = input.enterprises ?? [];
  const circles = input.circles ?? [];
  const projects = input.projects ?? [];
  const enterpriseIndex = firstIndexById(enterprises);
  const circleIndex = firstIndexById(circles);

  const enterpriseNodes: Node[] = enterprises.map((e) => ({
    type: 'enterprise',
    title: e.name,
    _id: e._id,
    data: e,
    children: [],
  }));
  const circleNodes: Node[] = circles.map((c) => ({
    type: 'circle',
    title: c.name,
    _id: c._id,
    data: c,
    children: [],
  }));

  // 1. Each circle's tentative parent.
  const n = circles.length;
  const parentKind = new Uint8Array(n);
  const parentRef = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const circle = circles[i]!;
    const enterprise = present(circle.enterpriseId) ? enterpriseIndex.get(circle.enterpriseId) : undefined;
    if (!present(circle.parentId)) {
      if (enterprise !== undefined) {
        parentKind[i] = TO_ENTERPRISE;
        parentRef[i] = enterprise;
      }
      continue;
    }
    const parent = circleIndex.get(circle.parentId);
    if (parent !== undefined) {
      parentKind[i] = TO_CIRCLE;
      parentRef[i] = parent;
    } else if (options.orphanCircles === 'enterprise' && enterprise !== undefined) {
      parentKind[i] = TO_ENTERPRISE;
      parentRef[i] = enterprise;
    }
  }

  // 2. Break cycles: walk each circle's chain once; a chain that meets itself is a cycle, whose members go
  //    to 'other'. Every circle is walked at most once in all, so this is O(n).
  const state = new Uint8Array(n); // 0 unseen, 1 on the current walk, 2 done
  const walk: number[] = [];
  for (let start = 0; start < n; start++) {
    if (state[start] !== 0) continue;
    walk.length = 0;
    let cur = start;
    while (cur !== -1 && state[cur] === 0) {
      state[cur] = 1;
      walk.push(cur);
      cur = parentKind[cur] === TO_CIRCLE ? parentRef[cur]! : -1;
    }
    if (cur !== -1 && state[cur] === 1) {
      for (let k = walk.lastIndexOf(cur); k < walk.length; k++) parentKind[walk[k]!] = TO_OTHER;
    }
    for (const c of walk) state[c] = 2;
  }

  // 3. Depths, with the cap: a circle that would be deeper than maxDepth moves to 'other' (depth 2). Chains are
  //    acyclic now; each circle's depth is computed once, walking up only to the first known depth.
  const depth = new Int32Array(n); // 0 = not yet known
  const pending: number[] = [];
  for (let start = 0; start < n; start++) {
    if (depth[start] !== 0) continue;
    pending.length = 0;
    let cur = start;
    while (depth[cur] === 0) {
      pending.push(cur);
      if (parentKind[cur] !== TO_CIRCLE) break;
      cur = parentRef[cur]!;
    }
    for (let k = pending.length - 1; k >= 0; k--) {
      const c = pending[k]!;
      let d = parentKind[c] === TO_CIRCLE ? depth[parentRef[c]!]! + 1 : 2;
      if (d > maxDepth) {
        parentKind[c] = TO_OTHER;
        d = 2;
      }
      depth[c] = d;
    }
  }

  // 4. Attach: circles first, then projects, each in input order.
  const otherChildren: Node[] = [];
  const childrenOf = (kind: number, ref: number): Node[] =>
    kind === TO_CIRCLE
      ? circleNodes[ref]!.children
      : kind === TO_ENTERPRISE
        ? enterpriseNodes[ref]!.children
        : otherChildren;
  for (let i = 0; i < n; i++) childrenOf(parentKind[i]!, parentRef[i]!).push(circleNodes[i]!);

  for (const project of projects) {
    const node: Node = {
      type: 'project',
      title: project.name,
      _id: project._id,
      data: project,
      children: [],
    };
    const circle = present(project.circleId) ? circleIndex.get(project.circleId) : undefined;
    const enterprise = present(project.enterpriseId) ? enterpriseIndex.get(project.enterpriseId) : undefined;
    if (circle !== undefined) {
      if (depth[circle]! + 1 <= maxDepth) circleNodes[circle]!.children.push(node);
      else otherChildren.push(node);
    } else if (enterprise !== undefined) {
      enterpriseNodes[enterprise]!.children.push(node);
    } else {
      otherChildren.push(node);
    }
  }

  const roots = enterpriseNodes;
  if (otherChildren.length > 0) {
    roots.push({
      type: 'other',
      title: options.otherTitle ?? OTHER_NODE_TITLE,
      _id: OTHER_NODE_ID,
      data: null,
      children: otherChildren,
    });
  }
  return roots;
}

/** The minimal shape the tree helpers work on: any tree with ids, titles and children. */
export interface TreeLike<N> {
  _id: string;
  title: string;
  type?: string;
  children: readonly N[];
}

/**
 * Visits every node in pre-order (parents before children, in order), without recursion. `depth` is 1 for
 * roots. Returning false from `visit` skips that node's children.
 */
export function walkTree<N extends TreeLike<N>>(
  nodes: readonly N[],
  visit: (node: N, depth: number, parent: N | undefined) => unknown,
): void {
  const stack: { node: N; depth: number; parent: N | undefined }[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes[i]!, depth: 1, parent: undefined });
  while (stack.length > 0) {
    const { node, depth, parent } = stack.pop()!;
    if (visit(node, depth, parent) === false) continue;
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push({ node: node.children[i]!, depth: depth + 1, parent: node });
    }
  }
}

/**
 * The nodes from a root down to the first node (in pre-order) with this `_id` (and this `type`, when given,
 * since an enterprise, a circle and a project could in theory share an id). undefined when absent.
 */
export function findPath<N extends TreeLike<N>>(
  nodes: readonly N[],
  id: string,
  type?: string,
): N[] | undefined {
  const path: N[] = [];
  let found: N[] | undefined;
  walkTree(nodes, (node, depth) => {
    if (found) return false;
    path.length = depth - 1;
    path.push(node);
    if (node._id === id && (type === undefined || node.type === type)) {
      found = path.slice();
      return false;
    }
    return true;
  });
  return found;
}

function normalizeForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export interface FilterTreeOptions {
  /** Keep the whole subtree of a matching node (default true: searching a circle shows its projects). */
  keepDescendants?: boolean;
}

/**
 * The home page search: keeps the nodes whose title contains `keyword` (case-insensitive, full-width and
 * half-width alike), all their ancestors, and (by default) their whole subtrees. Order is kept. A blank
 * keyword returns the input as is. Ancestors are shallow copies with filtered children; unchanged subtrees
 * are shared with the input, which is never modified.
 */
export function filterTree<N extends TreeLike<N>>(
  nodes: readonly N[],
  keyword: string,
  options: FilterTreeOptions = {},
): N[] {
  const needle = normalizeForSearch(keyword.trim());
  if (needle === '') return nodes.slice();
  const keepDescendants = options.keepDescendants ?? true;
  const matches = (node: N) => normalizeForSearch(node.title).includes(needle);

  interface Frame {
    node: N;
    next: number;
    kept: N[];
    sink: N[];
    matched: boolean;
  }
  const result: N[] = [];
  const stack: Frame[] = [];
  const open = (node: N, sink: N[]) => stack.push({ node, next: 0, kept: [], sink, matched: matches(node) });

  for (const root of nodes) {
    open(root, result);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.matched && keepDescendants) {
        stack.pop();
        top.sink.push(top.node);
        continue;
      }
      if (top.next < top.node.children.length) {
        open(top.node.children[top.next++]!, top.kept);
        continue;
      }
      stack.pop();
      if (top.matched || top.kept.length > 0) {
        const unchanged =
          top.kept.length === top.node.children.length &&
          top.kept.every((c, i) => c === top.node.children[i]);
        top.sink.push(unchanged ? top.node : { ...top.node, children: top.kept });
      }
    }
  }
  return result;
}
