import { describe, expect, it } from 'vitest';
import { readFilters, selectionOf, selectionQuery, writeFilters } from './filters';

describe('topic list filters in the address', () => {
  it('round-trips, leaving the defaults out', () => {
    const params = new URLSearchParams(
      'category=following&delay=over30&domain=66d000000000000000000201&priority=suspended&status=processing&q=渗水&page=3&size=50&order=createdAt',
    );
    const filters = readFilters(params);
    expect(filters).toEqual({
      category: 'following',
      delay: 'over30',
      domainId: '66d000000000000000000201',
      priority: 'suspended',
      status: 'processing',
      keyword: '渗水',
      page: 3,
      pageSize: 50,
      order: 'createdAt',
    });
    expect(readFilters(writeFilters(filters))).toEqual(filters);
    expect(writeFilters(readFilters(new URLSearchParams())).toString()).toBe('');
  });

  it('falls back to the defaults for anything unknown', () => {
    const filters = readFilters(
      new URLSearchParams('category=secret&delay=1&domain=x&priority=high&page=-2&size=7&order=name'),
    );
    expect(filters).toMatchObject({
      category: 'all',
      delay: null,
      domainId: null,
      priority: null,
      page: 1,
      pageSize: 20,
      order: '-createdAt',
    });
    expect(readFilters(new URLSearchParams(`q=${'长'.repeat(80)}`)).keyword).toHaveLength(64);
  });

  it('turns a selection into delay and where', () => {
    const query = selectionQuery(
      selectionOf(readFilters(new URLSearchParams('delay=delayed&q= 外墙 &status=completed'))),
    );
    expect(query.delay).toBe('delayed');
    expect(JSON.parse(query.where!)).toEqual({ status: 'completed', name: { $regex: '外墙' } });
    expect(selectionQuery(selectionOf(readFilters(new URLSearchParams())))).toEqual({
      delay: undefined,
      where: undefined,
    });
  });
});
