import { describe, expect, it } from 'vitest';
import {
  addRefs,
  containsElement,
  countRefs,
  fragmentsKeyOf,
  normalizeRefs,
  refsOfModel,
  removeRefs,
  sameRefs,
  withoutModel,
} from './refs';

describe('element refs', () => {
  it('merges refs per model without duplicates and drops empty ones', () => {
    expect(
      normalizeRefs([
        { modelId: 'a', globalIds: ['1', '2'] },
        { modelId: 'b', globalIds: [] },
        { modelId: 'a', globalIds: ['2', '3'] },
      ]),
    ).toEqual([{ modelId: 'a', globalIds: ['1', '2', '3'] }]);
  });

  it('adds, removes and counts', () => {
    const base = [{ modelId: 'a', globalIds: ['1', '2'] }];
    const more = addRefs(base, [{ modelId: 'b', globalIds: ['9'] }]);
    expect(countRefs(more)).toBe(3);
    expect(removeRefs(more, [{ modelId: 'a', globalIds: ['1', '2'] }])).toEqual([
      { modelId: 'b', globalIds: ['9'] },
    ]);
    expect(removeRefs(more, [{ modelId: 'b', globalIds: ['1'] }])).toEqual(more);
    expect(containsElement(more, 'b', '9')).toBe(true);
    expect(containsElement(more, 'a', '9')).toBe(false);
    expect(refsOfModel(more, 'b')).toEqual([{ modelId: 'b', globalIds: ['9'] }]);
    expect(withoutModel(more, 'b')).toEqual(base);
  });

  it('compares sets regardless of order', () => {
    expect(
      sameRefs([{ modelId: 'a', globalIds: ['1', '2'] }], [{ modelId: 'a', globalIds: ['2', '1'] }]),
    ).toBe(true);
    expect(sameRefs([{ modelId: 'a', globalIds: ['1'] }], [{ modelId: 'a', globalIds: ['2'] }])).toBe(false);
    expect(sameRefs([], [{ modelId: 'a', globalIds: [] }])).toBe(true);
  });

  it('keys a model’s current version by its id and another version beside it', () => {
    expect(fragmentsKeyOf('m1', null)).toBe('m1');
    expect(fragmentsKeyOf('m1', 'v2')).toBe('m1@v2');
  });
});
