import { describe, expect, it } from 'vitest';
import { RecentRows } from './recent-rows';

function cacheAt(start = 0, { ttlMs = 100, maxEntries = 3 } = {}) {
  const time = { now: start };
  const cache = new RecentRows<string, number>({ ttlMs, maxEntries, now: () => time.now });
  return { cache, time };
}

describe('RecentRows', () => {
  it('answers a stored value until it is ttlMs old, then nothing', () => {
    const { cache, time } = cacheAt();
    cache.set('a', 1, cache.generation);
    time.now = 99;
    expect(cache.get('a')).toBe(1);
    time.now = 100;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('refuses a value read before a clear or a delete (it may predate the write)', () => {
    const { cache } = cacheAt();
    const beforeClear = cache.generation;
    cache.clear();
    cache.set('a', 1, beforeClear);
    expect(cache.get('a')).toBeUndefined();
    const beforeDelete = cache.generation;
    cache.delete('other');
    cache.set('a', 1, beforeDelete);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 2, cache.generation);
    expect(cache.get('a')).toBe(2);
  });

  it('drops the oldest entry when full', () => {
    const { cache } = cacheAt();
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, 1, cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBe(1);
  });

  it('updates a held entry without making it younger, and ignores one not held', () => {
    const { cache, time } = cacheAt();
    cache.set('a', 1, cache.generation);
    time.now = 60;
    cache.update('a', (value) => value + 1);
    cache.update('missing', () => 5);
    expect(cache.get('a')).toBe(2);
    expect(cache.get('missing')).toBeUndefined();
    time.now = 100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('with ttlMs 0 never answers from memory', () => {
    const { cache } = cacheAt(0, { ttlMs: 0 });
    cache.set('a', 1, cache.generation);
    expect(cache.get('a')).toBeUndefined();
  });
});
