import type { SpatialNode } from '@lintel/contracts/models';
import { describe, expect, it } from 'vitest';
import { indexSpatialTree, storeyInTree, visibleLeafKeys } from './spatialTree';

const node = (
  kind: SpatialNode['kind'],
  globalId: string | null,
  children: SpatialNode[] = [],
  name: string | null = null,
): SpatialNode => ({ kind, globalId, localId: null, ifcClass: `IFC${kind.toUpperCase()}`, name, children });

const tree = node('project', 'P', [
  node('site', 'S', [
    node('building', 'B', [
      node('storey', 'L1', [
        node('element', 'w1'),
        node('element', 'w2'),
        node('space', 'R1', [node('element', 'd1')]),
      ]),
      node('storey', 'L2', [node('element', 'w3')]),
      node('storey', null, []),
    ]),
  ]),
]);

describe('spatial tree index', () => {
  const index = indexSpatialTree('m', tree);

  it('lists the elements below each node, and keys unique per model', () => {
    expect(index.elementsOf.get('m|L1')).toEqual(['w1', 'w2', 'd1']);
    expect(index.elementsOf.get('m|P')).toEqual(['w1', 'w2', 'd1', 'w3']);
    expect(index.elementsOf.get('m|w3')).toEqual(['w3']);
    expect(index.keyOfElement.get('d1')).toBe('m|d1');
    // A node without GlobalId is keyed by its place in the tree.
    expect(index.leafKeys).toContain('m|0.0.0.2');
  });

  it('opens the tree down to the storeys', () => {
    expect(index.upToStoreys).toEqual(['m|B', 'm|S', 'm|P']);
  });

  it('checks the visible leaves: hidden elements off, only isolated ones when isolating', () => {
    expect(visibleLeafKeys(index, 'm', [], null)).toEqual(index.leafKeys);
    const hidden = visibleLeafKeys(
      index,
      'm',
      [
        { modelId: 'm', globalIds: ['w1'] },
        { modelId: 'x', globalIds: ['w2'] },
      ],
      null,
    );
    expect(hidden).not.toContain('m|w1');
    expect(hidden).toContain('m|w2');
    expect(visibleLeafKeys(index, 'm', [], [{ modelId: 'm', globalIds: ['w3'] }])).toEqual(['m|w3']);
  });
});

describe('the storey of an element by the tree', () => {
  const named = node('project', 'P', [
    node('building', 'B', [
      node(
        'storey',
        'L1',
        [node('space', 'R1', [node('element', 'd1')]), node('element', 'stair', [node('element', 'flight')])],
        '一层',
      ),
      node('storey', 'L2', [node('element', 'w3')], ' '),
      node('element', 'loose'),
    ]),
  ]);

  it('finds the nearest storey above, through spaces and assemblies', () => {
    expect(storeyInTree(named, 'd1')).toBe('一层');
    expect(storeyInTree(named, 'flight')).toBe('一层');
    expect(storeyInTree(named, 'w3')).toBeNull();
    expect(storeyInTree(named, 'loose')).toBeNull();
    expect(storeyInTree(named, 'nowhere')).toBeNull();
  });
});
