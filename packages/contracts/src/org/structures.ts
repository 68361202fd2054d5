import { z } from 'zod';
import { idSchema } from '../common/ids';
import { scopeTypeSchema } from './schemas';

/**
 * The organisation structure of an enterprise, circle or project (spec 000 §3, spec 001 §5): groups
 * (departments) nest at most two levels; a function may sit under a group of either level (three levels
 * with functions) and holds nothing itself.
 */
export const STRUCTURE_KINDS = ['department', 'function'] as const;
export type StructureKind = (typeof STRUCTURE_KINDS)[number];
export const STRUCTURE_MAX_LEVELS: Readonly<Record<StructureKind, number>> = { department: 2, function: 3 };
export const STRUCTURE_NAME_MAX_LENGTH = 100;
/** Structures per scope. */
export const STRUCTURES_MAX = 1000;

export const structureSchema = z.object({
  _id: idSchema,
  scopeType: scopeTypeSchema,
  scopeId: idSchema,
  /** null: top level. */
  parentId: idSchema.nullable(),
  name: z.string(),
  kind: z.enum(STRUCTURE_KINDS),
  order: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Structure = z.infer<typeof structureSchema>;

const structureName = z.string().trim().min(1).max(STRUCTURE_NAME_MAX_LENGTH);
const structureOrder = z.number().int().min(0).max(1_000_000);

/** POST {enterprises,circles,projects}/{id}/structures. */
export const structureCreateSchema = z.strictObject({
  name: structureName,
  parentId: idSchema.nullable().optional(),
  kind: z.enum(STRUCTURE_KINDS).optional(),
  order: structureOrder.optional(),
});
export type StructureCreate = z.infer<typeof structureCreateSchema>;

/** PUT structures/{id}: rename, move (parentId; null: top level), reorder. The kind never changes. */
export const structureUpdateSchema = z.strictObject({
  name: structureName.optional(),
  parentId: idSchema.nullable().optional(),
  order: structureOrder.optional(),
});
export type StructureUpdate = z.infer<typeof structureUpdateSchema>;

/** GET …/structures: the whole tree of the scope as a flat list; `order`: order (default), name, createdAt. */
export const structuresQuerySchema = z.strictObject({
  order: z.enum(['order', '-order', 'name', '-name', 'createdAt', '-createdAt']).optional(),
});

export type StructureRuleKey = 'org.structureIntoFunction' | 'org.structureCycle' | 'org.structureTooDeep';

/** What the placement rule needs of each structure. */
export interface StructureNode {
  _id: string;
  parentId: string | null;
  kind: StructureKind;
}

/**
 * Whether a structure may sit under `parentId` (pure; the server enforces it, the tree editor uses it to
 * refuse a drop). `id` null: a new structure of `kind`; otherwise the structure moves with its subtree.
 * The parent must be one of `nodes` (the caller checks). Answers the broken rule's key, or null.
 */
export function structurePlacementError(
  nodes: readonly StructureNode[],
  placing: { id: string | null; kind: StructureKind; parentId: string | null },
): StructureRuleKey | null {
  const byId = new Map(nodes.map((n) => [n._id, n]));
  const children = new Map<string, StructureNode[]>();
  for (const node of nodes) {
    if (node.parentId === null) continue;
    const list = children.get(node.parentId) ?? [];
    list.push(node);
    children.set(node.parentId, list);
  }
  let parentDepth = 0;
  if (placing.parentId !== null) {
    const parent = byId.get(placing.parentId);
    if (parent?.kind === 'function') return 'org.structureIntoFunction';
    // Walk up from the new parent: meeting the moving node means moving it into its own subtree.
    const seen = new Set<string>();
    let cursor: StructureNode | undefined = parent;
    while (cursor && !seen.has(cursor._id)) {
      if (cursor._id === placing.id) return 'org.structureCycle';
      seen.add(cursor._id);
      parentDepth += 1;
      cursor = cursor.parentId === null ? undefined : byId.get(cursor.parentId);
    }
  }
  // The placed node at parentDepth + 1, its descendants below it: each within its kind's limit.
  const stack: Array<{ kind: StructureKind; id: string | null; depth: number }> = [
    { kind: placing.kind, id: placing.id, depth: parentDepth + 1 },
  ];
  const visited = new Set<string>();
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.depth > STRUCTURE_MAX_LEVELS[item.kind]) return 'org.structureTooDeep';
    if (item.id === null || visited.has(item.id)) continue;
    visited.add(item.id);
    for (const child of children.get(item.id) ?? []) {
      stack.push({ kind: child.kind, id: child._id, depth: item.depth + 1 });
    }
  }
  return null;
}

/** The ids of a structure and everything below it. */
export function structureSubtree(nodes: readonly StructureNode[], id: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    out.push(current);
    for (const node of nodes) if (node.parentId === current) stack.push(node._id);
  }
  return out;
}
