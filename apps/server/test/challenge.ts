import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Solves the proof-of-work challenge a 429 answer carries (`X-Challenge`, `X-Challenge-Difficulty`) as the
 * web app does: the value for the next request's `X-Challenge-Solution` header.
 */
export function solveChallenge(response: LightMyRequestResponse): string {
  const challenge = response.headers['x-challenge'];
  const bits = Number(response.headers['x-challenge-difficulty']);
  if (typeof challenge !== 'string' || !Number.isInteger(bits)) {
    throw new Error(`no challenge in the answer: ${response.statusCode} ${response.body}`);
  }
  for (let nonce = 0; ; nonce++) {
    const solution = `${challenge}/${nonce.toString(36)}`;
    const digest = createHash('sha256').update(solution).digest();
    let zeros = 0;
    for (const byte of digest) {
      if (byte === 0) {
        zeros += 8;
        continue;
      }
      zeros += Math.clz32(byte) - 24;
      break;
    }
    if (zeros >= bits) return solution;
  }
}

/** A distinct source address per attempt (a distributed attacker), from a documentation range. */
export function addressOf(i: number): string {
  return `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`;
}
