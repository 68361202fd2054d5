import { ID_PATTERN } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { idTimestamp, newId } from './ids';

describe('newId', () => {
  it('gives 24 lowercase hex characters that carry the creation second', () => {
    const now = Date.UTC(2026, 10, 21, 8, 0, 0);
    const id = newId(now);
    expect(id).toMatch(ID_PATTERN);
    expect(id).toHaveLength(24);
    expect(idTimestamp(id).getTime()).toBe(now);
  });

  it('is unique over many ids in one second', () => {
    const now = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: 100_000 }, () => newId(now));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shares no guessable part between consecutive ids of one second (issue 14: no process part, no counter)', () => {
    const now = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: 2_000 }, () => newId(now));
    const tails = ids.map((id) => BigInt(`0x${id.slice(8)}`));
    // Consecutive ids: their random parts differ in about half of their 64 bits, never by a small step.
    let differingBits = 0;
    for (let i = 1; i < tails.length; i++) {
      const delta = tails[i]! > tails[i - 1]! ? tails[i]! - tails[i - 1]! : tails[i - 1]! - tails[i]!;
      expect(delta > 0xffffffn).toBe(true);
      differingBits += (tails[i]! ^ tails[i - 1]!).toString(2).replaceAll('0', '').length;
    }
    const average = differingBits / (tails.length - 1);
    expect(average).toBeGreaterThan(28);
    expect(average).toBeLessThan(36);
    // No byte position is fixed across ids (a process part would be).
    for (let position = 8; position < 24; position += 2) {
      expect(new Set(ids.map((id) => id.slice(position, position + 2))).size).toBeGreaterThan(200);
    }
  });

  it('keeps the creation second first, so ids of later seconds sort after earlier ones', () => {
    const earlier = newId(Date.UTC(2026, 0, 1));
    const later = newId(Date.UTC(2026, 0, 1, 0, 0, 1));
    expect(later > earlier).toBe(true);
  });
});
