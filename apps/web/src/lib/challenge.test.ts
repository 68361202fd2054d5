import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { proofBits, solveChallenge } from './challenge';

function nodeBits(text: string): number {
  const digest = createHash('sha256').update(text).digest();
  return Math.clz32(digest.readUInt32BE(0));
}

describe('the proof-of-work solver', () => {
  it('hashes like SHA-256', () => {
    for (const text of ['abc', '', '1764160000000.0123456789abcdef0123456789abcdef/zz9', 'x'.repeat(55)]) {
      expect(proofBits(text)).toBe(nodeBits(text));
    }
  });

  it('finds a solution the server accepts', async () => {
    const challenge = `1764160000000.${'ab'.repeat(16)}`;
    const solution = await solveChallenge(challenge, 12);
    expect(solution.startsWith(`${challenge}/`)).toBe(true);
    expect(nodeBits(solution)).toBeGreaterThanOrEqual(12);
  });
});
