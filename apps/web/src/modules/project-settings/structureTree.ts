import type { Structure, StructureRuleKey } from '@lintel/contracts/org';
import { structurePlacementError } from '@lintel/contracts/org';

export interface StructureTreeNode {
  key: string;
  structure: Structure;
  children: StructureTreeNode[];
  /** antd's tree node field (never set: every node can be dragged). */
  disabled?: boolean;
}

/** The flat list as a tree, siblings by order then name. */
export function buildStructureTree(structures: readonly Structure[]): StructureTreeNode[] {
  const nodes = new Map<string, StructureTreeNode>();
  for (const s of structures) nodes.set(s._id, { key: s._id, structure: s, children: [] });
  const roots: StructureTreeNode[] = [];
  const sorted = [...structures].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  for (const s of sorted) {
    const node = nodes.get(s._id)!;
    const parent = s.parentId ? nodes.get(s.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Why `id` may not move under `parentId` (the contracts' rule, as the server applies it), or null. */
export function moveError(
  structures: readonly Structure[],
  id: string,
  parentId: string | null,
): StructureRuleKey | null {
  const moving = structures.find((s) => s._id === id);
  if (!moving) return null;
  return structurePlacementError(structures, { id, kind: moving.kind, parentId });
}

/**
 * The updates that put `id` under `parentId` at `index` among its new siblings: the moved one gets its
 * parent (when changed) and order, the siblings whose place changed their new order.
 */
export function moveChanges(
  structures: readonly Structure[],
  id: string,
  parentId: string | null,
  index: number,
) {
  const moving = structures.find((s) => s._id === id);
  if (!moving) return [];
  const siblings = structures
    .filter((s) => s.parentId === parentId && s._id !== id)
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  const at = Math.max(0, Math.min(index, siblings.length));
  siblings.splice(at, 0, moving);
  const changes: { id: string; parentId?: string | null; order?: number }[] = [];
  siblings.forEach((s, order) => {
    if (s._id === id) {
      const change: { id: string; parentId?: string | null; order?: number } = { id };
      if (moving.parentId !== parentId) change.parentId = parentId;
      if (moving.order !== order) change.order = order;
      if (change.parentId !== undefined || change.order !== undefined) changes.push(change);
    } else if (s.order !== order) {
      changes.push({ id: s._id, order });
    }
  });
  return changes;
}
