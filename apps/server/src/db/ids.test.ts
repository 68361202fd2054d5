import { ID_PATTERN } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { createIdGenerator, idTimestamp, newId } from './ids';

describe('newId', () => {
  it('gives 24 lowercase hex characters that carry the creation second', () => {
    const now = Date.UTC(2026, 10, 21, 8, 0, 0);
    const id = createIdGenerator()(now);
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

  it('stays increasing when a second runs out of room: the seconds part runs ahead', () => {
    const now = Date.UTC(2026, 0, 1);
    const generate = createIdGenerator({ lastSeconds: now / 1000, last: (1n << 64n) - 2n });
    const next = generate(now);
    expect(idTimestamp(next).getTime()).toBe(now + 1000);
    expect(generate(now) > next).toBe(true);
  });

  it('consecutive ids share no guessable part: no process part, no counter, a random 48-bit step (issue 14)', () => {
    const now = Date.UTC(2026, 0, 1);
    const generate = createIdGenerator();
    const ids = Array.from({ length: 2_000 }, () => generate(now));
    const values = ids.map((id) => BigInt(`0x${id.slice(8)}`));
    const steps = values.slice(1).map((value, i) => value - values[i]!);
    // Every step is positive, all differ, and they spread over the whole 48-bit range (not a small counter).
    expect(steps.every((step) => step > 0n && step <= 1n << 48n)).toBe(true);
    expect(new Set(steps).size).toBe(steps.length);
    expect(steps.filter((step) => step < 1n << 40n).length).toBeLessThan(40);
    expect(steps.filter((step) => step > 1n << 47n).length).toBeGreaterThan(800);
    // The low 48 bits of consecutive ids differ in about half their bits.
    const mask = (1n << 48n) - 1n;
    let differing = 0;
    for (let i = 1; i < values.length; i++) {
      differing += ((values[i]! ^ values[i - 1]!) & mask).toString(2).replaceAll('0', '').length;
    }
    const average = differing / (values.length - 1);
    expect(average).toBeGreaterThan(20);
    expect(average).toBeLessThan(28);
    // The first id of a second is random: two generators (two processes) share nothing beyond the second.
    const a = createIdGenerator()(now);
    const b = createIdGenerator()(now);
    expect(a.slice(0, 8)).toBe(b.slice(0, 8));
    expect(a.slice(8)).not.toBe(b.slice(8));
  });
});
