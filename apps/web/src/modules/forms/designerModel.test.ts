import { FIELD_KINDS, type FormField, formFieldSchema } from '@lintel/contracts/forms';
import { describe, expect, it } from 'vitest';
import {
  allKeys,
  createField,
  definitionProblems,
  insertAt,
  isColumnKind,
  moveItem,
  removeAt,
  uniqueKey,
} from './designerModel';

const texts = { title: 'T', option: (n: number) => `O${n}`, columnTitle: 'C' };

describe('designer model', () => {
  it('creates a valid field of every kind, with keys unique among those taken', () => {
    const fields: FormField[] = [];
    for (const kind of FIELD_KINDS) {
      const field = createField(kind, allKeys(fields), texts);
      expect(field.kind).toBe(kind);
      expect(formFieldSchema.safeParse(field).success, kind).toBe(true);
      fields.push(field);
    }
    const keys = allKeys(fields);
    expect(new Set(keys).size).toBe(keys.length);
    expect(definitionProblems(fields).size).toBe(0);
  });

  it('numbers keys per kind past those taken, sub-list columns included', () => {
    expect(uniqueKey('text', [])).toBe('text_1');
    expect(uniqueKey('text', ['text_1', 'text_3'])).toBe('text_2');
    expect(uniqueKey('datetime', ['date_1'])).toBe('date_2');
    const list = createField('subList', ['text_1'], texts);
    expect(list.kind === 'subList' && list.columns[0]?.key).toBe('text_2');
    expect(allKeys([list])).toEqual(['subList_1', 'text_2']);
  });

  it('inserts, moves and removes without touching the list it was given', () => {
    const list = ['a', 'b', 'c'];
    expect(insertAt(list, 'x', 1)).toEqual(['a', 'x', 'b', 'c']);
    expect(insertAt(list, 'x')).toEqual(['a', 'b', 'c', 'x']);
    expect(insertAt(list, 'x', 99)).toEqual(['a', 'b', 'c', 'x']);
    expect(insertAt(list, 'x', -3)).toEqual(['x', 'a', 'b', 'c']);
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(list, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(list, 1, 1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 2, 5)).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 7, 0)).toEqual(['a', 'b', 'c']);
    expect(removeAt(list, 1)).toEqual(['a', 'c']);
    expect(removeAt(list, 5)).toEqual(['a', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('knows which kinds a sub-list column may have', () => {
    expect(isColumnKind('number')).toBe(true);
    expect(isColumnKind('subList')).toBe(false);
    expect(isColumnKind('signature')).toBe(false);
    expect(isColumnKind('divider')).toBe(false);
  });

  it('puts each problem on its field and property: shape, duplicates, ranges, defaults, columns, totals', () => {
    const fields: FormField[] = [
      { kind: 'text', key: 'name', title: '' },
      { kind: 'text', key: 'name', title: 'Again' },
      { kind: 'number', key: 'qty', title: 'Qty', precision: 0, min: 10, max: 1, default: 20 },
      {
        kind: 'select',
        key: 'pick',
        title: 'Pick',
        options: [
          { value: 'a', label: 'A' },
          { value: 'a', label: 'B' },
        ],
        default: 'z',
      },
      { kind: 'text', key: '1bad', title: 'Bad key' },
      {
        kind: 'subList',
        key: 'items',
        title: 'Items',
        minRows: 5,
        maxRows: 2,
        totals: ['label'],
        columns: [
          { kind: 'text', key: 'label', title: 'Label' },
          { kind: 'number', key: 'n', title: '', precision: 0, min: 3, max: 2 },
        ],
      },
      { kind: 'select', key: 'empty', title: 'Empty', options: [] },
    ];
    const problems = definitionProblems(fields);
    expect(problems.get(0)).toEqual([{ property: 'title', key: 'definition.empty' }]);
    expect(problems.get(1)).toEqual([{ property: 'key', key: 'definition.duplicateKey' }]);
    expect(problems.get(2)).toEqual([
      { property: 'max', key: 'definition.rangeReversed' },
      { property: 'default', key: 'definition.defaultOutOfRange' },
    ]);
    expect(problems.get(3)).toEqual([
      { property: 'options', key: 'definition.duplicateOption' },
      { property: 'default', key: 'definition.defaultNotOption' },
    ]);
    expect(problems.get(4)).toEqual([{ property: 'key', key: 'definition.keyFormat' }]);
    expect(problems.get(5)).toEqual(
      expect.arrayContaining([
        { property: 'columns.1.title', key: 'definition.empty' },
        { property: 'maxRows', key: 'definition.rowsReversed' },
        { property: 'totals', key: 'definition.totalNotNumber' },
        { property: 'columns.1.max', key: 'definition.rangeReversed' },
      ]),
    );
    expect(problems.get(6)).toEqual([{ property: 'options', key: 'definition.noOptions' }]);
  });
});
