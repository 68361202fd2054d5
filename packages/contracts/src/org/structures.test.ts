import { describe, expect, it } from 'vitest';
import { type StructureNode, structurePlacementError, structureSubtree } from './structures';

const nodes: StructureNode[] = [
  { _id: 'a', parentId: null, kind: 'department' },
  { _id: 'a1', parentId: 'a', kind: 'department' },
  { _id: 'f', parentId: 'a1', kind: 'function' },
  { _id: 'b', parentId: null, kind: 'department' },
  { _id: 'bf', parentId: 'b', kind: 'function' },
];

describe('structurePlacementError', () => {
  it('allows two levels of groups and a function below either', () => {
    expect(structurePlacementError(nodes, { id: null, kind: 'department', parentId: null })).toBeNull();
    expect(structurePlacementError(nodes, { id: null, kind: 'department', parentId: 'b' })).toBeNull();
    expect(structurePlacementError(nodes, { id: null, kind: 'function', parentId: 'a1' })).toBeNull();
    expect(structurePlacementError(nodes, { id: null, kind: 'department', parentId: 'a1' })).toBe(
      'org.structureTooDeep',
    );
  });

  it('refuses anything under a function, cycles, and moves that push a subtree too deep', () => {
    expect(structurePlacementError(nodes, { id: null, kind: 'function', parentId: 'f' })).toBe(
      'org.structureIntoFunction',
    );
    expect(structurePlacementError(nodes, { id: 'a', kind: 'department', parentId: 'a' })).toBe(
      'org.structureCycle',
    );
    expect(structurePlacementError(nodes, { id: 'a', kind: 'department', parentId: 'a1' })).toBe(
      'org.structureCycle',
    );
    expect(structurePlacementError(nodes, { id: 'a', kind: 'department', parentId: 'b' })).toBe(
      'org.structureTooDeep',
    );
    expect(structurePlacementError(nodes, { id: 'a1', kind: 'department', parentId: 'b' })).toBeNull();
    expect(structurePlacementError(nodes, { id: 'a1', kind: 'department', parentId: null })).toBeNull();
  });

  it('survives a corrupt cycle in the data', () => {
    const loop: StructureNode[] = [
      { _id: 'x', parentId: 'y', kind: 'department' },
      { _id: 'y', parentId: 'x', kind: 'department' },
    ];
    expect(structurePlacementError(loop, { id: null, kind: 'function', parentId: 'x' })).toBeNull();
    expect(structureSubtree(loop, 'x').sort()).toEqual(['x', 'y']);
  });

  it('structureSubtree lists a node and everything below it', () => {
    expect(structureSubtree(nodes, 'a').sort()).toEqual(['a', 'a1', 'f']);
    expect(structureSubtree(nodes, 'bf')).toEqual(['bf']);
  });
});
