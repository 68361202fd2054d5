import { describe, expect, it } from 'vitest';
import { parseWhere, WHERE_LIMITS, type WhereErrorKey, type WhereFields } from './where';

const fields: WhereFields = { name: 'string', size: 'number', done: 'boolean', createdAt: 'date' };

function parsed(json: string) {
  const result = parseWhere(json, fields);
  if (!result.ok) throw new Error(`expected success, got ${result.error.key}: ${result.error.message}`);
  return result.where;
}

function errorKey(json: string | undefined): WhereErrorKey {
  const result = parseWhere(json, fields);
  if (result.ok) throw new Error(`expected an error for ${json}`);
  return result.error.key;
}

describe('parseWhere: accepted input', () => {
  it('treats a missing or blank value as no filter', () => {
    expect(parseWhere(undefined, fields)).toEqual({ ok: true, where: null });
    expect(parseWhere('  ', fields)).toEqual({ ok: true, where: null });
    expect(parsed('{}')).toBeNull();
  });

  it('reads a bare value as equality, including null', () => {
    expect(parsed('{"name":"abc"}')).toEqual({
      kind: 'compare',
      field: 'name',
      type: 'string',
      op: 'eq',
      value: 'abc',
    });
    expect(parsed('{"name":null}')).toEqual({
      kind: 'compare',
      field: 'name',
      type: 'string',
      op: 'eq',
      value: null,
    });
    expect(parsed('{"done":true}')).toMatchObject({ op: 'eq', value: true });
  });

  it('ANDs several fields and several operators of one field', () => {
    expect(parsed('{"size":{"$gte":1,"$lt":10},"done":false}')).toEqual({
      kind: 'and',
      items: [
        { kind: 'compare', field: 'size', type: 'number', op: 'gte', value: 1 },
        { kind: 'compare', field: 'size', type: 'number', op: 'lt', value: 10 },
        { kind: 'compare', field: 'done', type: 'boolean', op: 'eq', value: false },
      ],
    });
  });

  it('accepts every comparison operator', () => {
    for (const [operator, op] of [
      ['$eq', 'eq'],
      ['$ne', 'ne'],
      ['$gt', 'gt'],
      ['$gte', 'gte'],
      ['$lt', 'lt'],
      ['$lte', 'lte'],
    ]) {
      expect(parsed(`{"size":{"${operator}":3}}`)).toMatchObject({ kind: 'compare', op, value: 3 });
    }
    expect(parsed('{"name":{"$ne":null}}')).toMatchObject({ op: 'ne', value: null });
  });

  it('reads $in and $nin, an empty list included', () => {
    expect(parsed('{"name":{"$in":["a","b"]}}')).toEqual({
      kind: 'in',
      field: 'name',
      type: 'string',
      negated: false,
      values: ['a', 'b'],
    });
    expect(parsed('{"size":{"$nin":[]}}')).toMatchObject({ kind: 'in', negated: true, values: [] });
  });

  it('keeps $regex as a plain substring and tolerates $options "i"', () => {
    expect(parsed('{"name":{"$regex":"a.*(b"}}')).toEqual({
      kind: 'contains',
      field: 'name',
      value: 'a.*(b',
    });
    expect(parsed('{"name":{"$regex":"x","$options":"i"}}')).toEqual({
      kind: 'contains',
      field: 'name',
      value: 'x',
    });
    expect(parsed(`{"name":{"$regex":"${'x'.repeat(WHERE_LIMITS.regexLength)}"}}`)).toMatchObject({
      kind: 'contains',
    });
  });

  it('reads one level of $or next to other keys', () => {
    expect(parsed('{"$or":[{"name":{"$regex":"a"}},{"size":2}],"done":true}')).toEqual({
      kind: 'and',
      items: [
        {
          kind: 'or',
          items: [
            { kind: 'contains', field: 'name', value: 'a' },
            { kind: 'compare', field: 'size', type: 'number', op: 'eq', value: 2 },
          ],
        },
        { kind: 'compare', field: 'done', type: 'boolean', op: 'eq', value: true },
      ],
    });
    expect(parsed('{"$or":[{"size":2}]}')).toMatchObject({ kind: 'compare', value: 2 });
  });

  it('normalizes date-times to UTC ISO and keeps plain dates', () => {
    expect(parsed('{"createdAt":{"$gte":"2026-01-31"}}')).toMatchObject({ value: '2026-01-31' });
    expect(parsed('{"createdAt":{"$lt":"2026-01-31T08:00:00+08:00"}}')).toMatchObject({
      value: '2026-01-31T00:00:00.000Z',
    });
  });
});

describe('parseWhere: rejected input', () => {
  const cases: Array<[string, string, WhereErrorKey]> = [
    ['not JSON', '{name:', 'common.whereInvalidJson'],
    ['an array', '[1]', 'common.whereNotObject'],
    ['a string', '"abc"', 'common.whereNotObject'],
    ['null', 'null', 'common.whereNotObject'],
    ['an unknown field', '{"password":"x"}', 'common.whereUnknownField'],
    ['a prototype key', '{"__proto__":{"x":1}}', 'common.whereUnknownField'],
    ['an inherited key', '{"toString":"x"}', 'common.whereUnknownField'],
    ['an unknown top-level operator', '{"$and":[]}', 'common.whereUnknownOperator'],
    ['an unknown field operator', '{"name":{"$where":"1"}}', 'common.whereUnknownOperator'],
    ['$regex on a number', '{"size":{"$regex":"1"}}', 'common.whereUnknownOperator'],
    ['ordering on a boolean', '{"done":{"$gt":false}}', 'common.whereUnknownOperator'],
    ['a nested $or', '{"$or":[{"$or":[{"size":1}]}]}', 'common.whereNestedOr'],
    ['$or not an array', '{"$or":{"size":1}}', 'common.whereBadValue'],
    ['$or empty', '{"$or":[]}', 'common.whereBadValue'],
    ['$or with an empty branch', '{"$or":[{}]}', 'common.whereBadValue'],
    ['$or with a non-object branch', '{"$or":[1]}', 'common.whereNotObject'],
    ['a string for a number', '{"size":"1"}', 'common.whereBadValue'],
    ['a number for a string', '{"name":1}', 'common.whereBadValue'],
    ['a string for a boolean', '{"done":"true"}', 'common.whereBadValue'],
    ['a bare array', '{"name":["a"]}', 'common.whereBadValue'],
    ['an empty operator object', '{"name":{}}', 'common.whereBadValue'],
    ['null with an ordering operator', '{"size":{"$gt":null}}', 'common.whereBadValue'],
    ['null inside $in', '{"name":{"$in":[null]}}', 'common.whereBadValue'],
    ['$in not an array', '{"name":{"$in":"a"}}', 'common.whereBadValue'],
    ['$regex not a string', '{"name":{"$regex":1}}', 'common.whereBadValue'],
    ['$options without $regex', '{"name":{"$options":"i"}}', 'common.whereBadValue'],
    ['$options other than i', '{"name":{"$regex":"a","$options":"s"}}', 'common.whereBadValue'],
    ['an impossible date', '{"createdAt":"2026-02-30"}', 'common.whereBadValue'],
    ['a non-ISO date', '{"createdAt":"31/01/2026"}', 'common.whereBadValue'],
    ['a date-time without zone', '{"createdAt":"2026-01-31T08:00:00"}', 'common.whereBadValue'],
    [
      'an over-long string',
      `{"name":"${'x'.repeat(WHERE_LIMITS.stringLength + 1)}"}`,
      'common.whereBadValue',
    ],
    [
      'an over-long $regex',
      `{"name":{"$regex":"${'x'.repeat(WHERE_LIMITS.regexLength + 1)}"}}`,
      'common.whereRegexTooLong',
    ],
    [
      'too many $in values',
      `{"size":{"$in":[${Array.from({ length: WHERE_LIMITS.inValues + 1 }, (_, i) => i).join(',')}]}}`,
      'common.whereTooComplex',
    ],
    [
      'too many $or branches',
      `{"$or":[${Array.from({ length: WHERE_LIMITS.orBranches + 1 }, () => '{"size":1}').join(',')}]}`,
      'common.whereTooComplex',
    ],
    [
      'too many conditions',
      `{"$or":[${Array.from({ length: 11 }, () => '{"size":{"$gt":1,"$lt":9,"$ne":5,"$gte":2,"$lte":8}}').join(',')}]}`,
      'common.whereTooComplex',
    ],
  ];

  it.each(cases)('rejects %s', (_label, json, key) => {
    expect(errorKey(json)).toBe(key);
  });

  it('names the offending field and operator in the error params', () => {
    const result = parseWhere('{"name":{"$foo":1}}', fields);
    expect(result).toMatchObject({ ok: false, error: { params: { operator: '$foo', field: 'name' } } });
    const unknown = parseWhere('{"secret":1}', fields);
    expect(unknown).toMatchObject({ ok: false, error: { params: { field: 'secret' } } });
  });
});
