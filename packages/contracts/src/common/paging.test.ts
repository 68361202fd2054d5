import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countSchema, DEFAULT_PAGE_SIZE, listQuerySchema, MAX_LIMIT, skipForPage } from './paging';

describe('skipForPage', () => {
  it('is (page - 1) × pageSize, pages starting at 1', () => {
    expect(skipForPage(1, 20)).toBe(0);
    expect(skipForPage(2, 20)).toBe(20);
    expect(skipForPage(3, 20)).toBe(40);
    expect(skipForPage(2, 1)).toBe(1);
    expect(skipForPage(10, 200)).toBe(1800);
  });

  it.each([
    [0, 20],
    [-1, 20],
    [1.5, 20],
    [Number.NaN, 20],
    [Number.POSITIVE_INFINITY, 20],
    [1, 0],
    [1, -5],
    [1, 2.5],
    [1, Number.NaN],
  ])('rejects page %s with pageSize %s', (page, pageSize) => {
    expect(() => skipForPage(page, pageSize)).toThrow(RangeError);
  });

  it('property: consecutive pages tile the list without gaps or overlaps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: MAX_LIMIT }), (page, size) => {
        const skip = skipForPage(page, size);
        expect(skip).toBe((page - 1) * size);
        expect(skipForPage(page + 1, size) - skip).toBe(size);
        expect(skip).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('listQuerySchema', () => {
  it('defaults to skip 0 and limit 20', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(MAX_LIMIT).toBe(200);
    expect(listQuerySchema.parse({})).toEqual({ skip: 0, limit: 20 });
  });

  it('coerces query-string numbers and flags', () => {
    expect(
      listQuerySchema.parse({
        skip: '40',
        limit: '20',
        order: '-createdAt',
        only_count: 'true',
        expand: '0',
        where: '{"name":"x"}',
      }),
    ).toEqual({
      skip: 40,
      limit: 20,
      order: '-createdAt',
      only_count: true,
      expand: false,
      where: '{"name":"x"}',
    });
    expect(listQuerySchema.parse({ only_count: '1', expand: 'false' })).toMatchObject({
      only_count: true,
      expand: false,
    });
    expect(listQuerySchema.parse({ skip: 5, limit: 1 })).toMatchObject({ skip: 5, limit: 1 });
  });

  it('accepts limits 1 to 200', () => {
    expect(listQuerySchema.parse({ limit: '1' }).limit).toBe(1);
    expect(listQuerySchema.parse({ limit: '200' }).limit).toBe(200);
  });

  it.each([
    ['limit', '0'],
    ['limit', '201'],
    ['limit', '-1'],
    ['limit', '2.5'],
    ['limit', 'abc'],
    ['skip', '-1'],
    ['skip', '1.5'],
    ['skip', 'abc'],
    ['skip', 'Infinity'],
    ['skip', ['1', '2']], // a repeated parameter
    ['order', '--createdAt'],
    ['order', '1abc'],
    ['order', 'created at'],
    ['order', 'name;drop table'],
    ['order', `a${'b'.repeat(64)}`], // 65 characters
    ['order', ''],
    ['only_count', 'yes'],
    ['only_count', 'TRUE'],
    ['expand', '2'],
    ['where', 'x'.repeat(4097)],
  ])('rejects %s = %j', (field, value) => {
    const result = listQuerySchema.safeParse({ [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('accepts the edges of order and where', () => {
    expect(listQuerySchema.parse({ order: `a${'b'.repeat(63)}` }).order).toHaveLength(64);
    expect(listQuerySchema.parse({ order: 'user.name' }).order).toBe('user.name');
    expect(listQuerySchema.parse({ order: '_id' }).order).toBe('_id');
    expect(listQuerySchema.parse({ where: 'x'.repeat(4096) }).where).toHaveLength(4096);
  });

  it('drops unknown parameters', () => {
    expect(listQuerySchema.parse({ page: '2', foo: 'bar' })).toEqual({ skip: 0, limit: 20 });
  });

  it('reads decimal integers only; an empty value takes the default', () => {
    expect(listQuerySchema.parse({ skip: '', limit: '' })).toEqual({ skip: 0, limit: 20 });
    for (const bad of ['1e3', ' 5 ', '0x10', '-1', '1.5', 'abc']) {
      expect(listQuerySchema.safeParse({ skip: bad }).success, `skip=${bad}`).toBe(false);
      expect(listQuerySchema.safeParse({ limit: bad }).success, `limit=${bad}`).toBe(false);
    }
  });

  it('property: every integer skip ≥ 0 and limit 1–200 round-trips through its string form', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: MAX_LIMIT }), (skip, limit) => {
        expect(listQuerySchema.parse({ skip: String(skip), limit: String(limit) })).toEqual({ skip, limit });
      }),
    );
  });
});

describe('countSchema', () => {
  it('is a non-negative integer count', () => {
    expect(countSchema.parse({ count: 0 })).toEqual({ count: 0 });
    expect(countSchema.safeParse({ count: -1 }).success).toBe(false);
    expect(countSchema.safeParse({ count: 1.5 }).success).toBe(false);
    expect(countSchema.safeParse({}).success).toBe(false);
  });
});
