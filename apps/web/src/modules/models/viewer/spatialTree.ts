// The spatial tree of GET models/{id}/tree as the tree panel shows it: keys unique across models, and for
// every node the GlobalIds of the elements below it (what a click selects and a checkbox hides).
import type { ModelElementsRef, SpatialNode } from '@lintel/contracts/models';

export interface TreeItem {
  key: string;
  node: SpatialNode;
  children: TreeItem[];
}

export interface SpatialIndex {
  roots: TreeItem[];
  /** Element GlobalIds at or below each key. */
  elementsOf: Map<string, string[]>;
  /** The key of each element (to show the selection in the tree). */
  keyOfElement: Map<string, string>;
  /** Keys of the nodes down to the storeys: expanded at first. */
  upToStoreys: string[];
  /** Keys of the leaves (elements and empty containers): antd's checked keys are these. */
  leafKeys: string[];
}

export function indexSpatialTree(modelId: string, root: SpatialNode): SpatialIndex {
  const elementsOf = new Map<string, string[]>();
  const keyOfElement = new Map<string, string>();
  const upToStoreys: string[] = [];
  const leafKeys: string[] = [];

  const visit = (node: SpatialNode, path: string): TreeItem => {
    const key = `${modelId}|${node.globalId ?? path}`;
    const children = node.children.map((child, index) => visit(child, `${path}.${index}`));
    const own = node.kind === 'element' && node.globalId ? [node.globalId] : [];
    elementsOf.set(key, [...own, ...children.flatMap((child) => elementsOf.get(child.key) ?? [])]);
    if (node.kind === 'element' && node.globalId) keyOfElement.set(node.globalId, key);
    if (node.kind !== 'element' && node.kind !== 'storey' && node.kind !== 'space') upToStoreys.push(key);
    if (children.length === 0) leafKeys.push(key);
    return { key, node, children };
  };
  return { roots: [visit(root, '0')], elementsOf, keyOfElement, upToStoreys, leafKeys };
}

/**
 * The leaves shown as checked (visible): every leaf but hidden elements, and when something is isolated,
 * only the isolated elements.
 */
export function visibleLeafKeys(
  index: SpatialIndex,
  modelId: string,
  hidden: readonly ModelElementsRef[],
  isolated: readonly ModelElementsRef[] | null,
): string[] {
  const hiddenIds = new Set(hidden.filter((ref) => ref.modelId === modelId).flatMap((ref) => ref.globalIds));
  const isolatedIds = isolated
    ? new Set(isolated.filter((ref) => ref.modelId === modelId).flatMap((ref) => ref.globalIds))
    : null;
  return index.leafKeys.filter((key) => {
    const ids = index.elementsOf.get(key) ?? [];
    if (ids.length === 0) return !isolatedIds;
    return ids.every((id) => !hiddenIds.has(id) && (!isolatedIds || isolatedIds.has(id)));
  });
}

/**
 * The name of the storey an element is in by the spatial tree: the nearest storey above it (through
 * spaces and the elements it is part of, e.g. a stair's flight). null when it hangs below no named storey.
 */
export function storeyInTree(root: SpatialNode, globalId: string): string | null {
  const walk = (node: SpatialNode, storey: string | null): string | null | undefined => {
    const here = node.kind === 'storey' ? node.name?.trim() || null : storey;
    if (node.globalId === globalId && node.kind !== 'storey') return here;
    for (const child of node.children) {
      const found = walk(child, here);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(root, null) ?? null;
}

/** The keys in the order the tree shows them (below expanded nodes only): what a Shift-click ranges over. */
export function shownOrder(roots: readonly TreeItem[], expanded: ReadonlySet<string>): string[] {
  const order: string[] = [];
  const visit = (item: TreeItem) => {
    order.push(item.key);
    if (expanded.has(item.key)) for (const child of item.children) visit(child);
  };
  for (const root of roots) visit(root);
  return order;
}

/** The shown keys from `from` to `to`, both included, in either direction; [to] when `from` is not shown. */
export function rangeBetween(order: readonly string[], from: string, to: string): string[] {
  const start = order.indexOf(from);
  const end = order.indexOf(to);
  if (start < 0 || end < 0) return [to];
  return order.slice(Math.min(start, end), Math.max(start, end) + 1);
}
