import type { Structure } from '@lintel/contracts/org';
import { describe, expect, it } from 'vitest';
import { buildStructureTree, moveChanges, moveError } from './structureTree';

const node = (id: string, parentId: string | null, kind: Structure['kind'], order: number): Structure => ({
  _id: id,
  scopeType: 'project',
  scopeId: 'p',
  parentId,
  name: id,
  kind,
  order,
  createdAt: '',
  updatedAt: '',
});

// A ─ A1 ─ F (function); B
const LIST = [
  node('A', null, 'department', 0),
  node('A1', 'A', 'department', 0),
  node('F', 'A1', 'function', 0),
  node('B', null, 'department', 1),
];

describe('structure tree rules', () => {
  it('builds the tree in order', () => {
    const tree = buildStructureTree(LIST);
    expect(tree.map((n) => n.key)).toEqual(['A', 'B']);
    expect(tree[0]!.children[0]!.children[0]!.key).toBe('F');
  });

  it('refuses a move into a function, into its own subtree, and beyond two group levels', () => {
    expect(moveError(LIST, 'B', 'F')).toBe('org.structureIntoFunction');
    expect(moveError(LIST, 'A', 'A1')).toBe('org.structureCycle');
    expect(moveError(LIST, 'B', 'A1')).toBe('org.structureTooDeep');
    expect(moveError(LIST, 'A', 'B')).toBe('org.structureTooDeep');
    expect(moveError(LIST, 'B', 'A')).toBeNull();
  });

  it('computes the parent and the new orders of a move', () => {
    expect(moveChanges(LIST, 'B', 'A', 0)).toEqual([
      { id: 'B', parentId: 'A', order: 0 },
      { id: 'A1', order: 1 },
    ]);
    expect(moveChanges(LIST, 'B', null, 0)).toEqual([
      { id: 'B', order: 0 },
      { id: 'A', order: 1 },
    ]);
  });
});
