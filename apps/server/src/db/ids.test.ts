import { ID_PATTERN } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { createIdGenerator, idTimestamp, newId } from './ids';

describe('newId', () => {
  it('gives 24 lowercase hex characters that carry the creation second', () => {
    const now = Date.UTC(2026, 10, 21, 8, 0, 0);
    const id = newId(now);
    expect(id).toMatch(ID_PATTERN);
    expect(id).toHaveLength(24);
    expect(idTimestamp(id).getTime()).toBe(now);
  });

  it('is strictly increasing within a process, many per second', () => {
    const ids = Array.from({ length: 100_000 }, () => newId());
    const outOfOrder = ids.filter((id, i) => i > 0 && id <= ids[i - 1]!);
    expect(outOfOrder).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stays increasing when the clock steps back', () => {
    const generate = createIdGenerator();
    const later = generate(Date.UTC(2026, 0, 2));
    const earlier = generate(Date.UTC(2026, 0, 1));
    expect(earlier > later).toBe(true);
  });

  it('stays increasing when the counter wraps within one second', () => {
    const generate = createIdGenerator({ processPart: 'aaaaaaaaaa', counter: 0xfffffe, lastSeconds: 0 });
    const now = Date.UTC(2026, 0, 1);
    const a = generate(now);
    const b = generate(now);
    const c = generate(now);
    expect(a.endsWith('ffffff')).toBe(true);
    expect(b.endsWith('000000')).toBe(true);
    expect(b > a && c > b).toBe(true);
    expect(idTimestamp(b).getTime()).toBe(now + 1000);
  });

  it('keeps the same process part and differs between generators', () => {
    const first = newId();
    const second = newId();
    expect(first.slice(8, 18)).toBe(second.slice(8, 18));
    const other = createIdGenerator()();
    expect(other.slice(8, 18)).not.toBe(first.slice(8, 18));
  });
});
