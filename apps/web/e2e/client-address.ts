import { randomInt } from 'node:crypto';

/**
 * Every browser and every API helper of the walks acts from an address of its own, as people on their own
 * phones do: the server under test trusts X-Forwarded-For from loopback (TRUST_PROXY, global-setup.ts), so
 * the sign-in defenses (issue 14) count each person apart instead of seeing one address fail and fail again
 * across the whole run. The addresses are drawn from 198.18.0.0/15 (reserved for benchmarks): only a header
 * value here, never a destination.
 */
export function clientAddress(): string {
  return `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}
