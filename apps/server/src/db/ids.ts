import { randomFillSync } from 'node:crypto';

/**
 * Record ids: 24 lowercase hex characters (DESIGN.md §4, the format every contract validates): 4 bytes of
 * Unix seconds, then 8 bytes from the operating system's random source. Ids sort by creation second, but
 * nothing within a second: lists that must keep creation order order by (created_at, id). 64 random bits
 * per id make an id unguessable (no process part, no counter to step through); ids are never the only
 * protection of a record (every read is authorized), they only make guessing pointless.
 */
const POOL_IDS = 512;
const pool = Buffer.alloc(POOL_IDS * 8);
let poolUsed = POOL_IDS;

/** 16 hex characters of fresh randomness (taken from a pool refilled 512 ids at a time). */
function randomPart(): string {
  if (poolUsed === POOL_IDS) {
    randomFillSync(pool);
    poolUsed = 0;
  }
  const start = poolUsed * 8;
  poolUsed += 1;
  return pool.toString('hex', start, start + 8);
}

export function newId(nowMs: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor(nowMs / 1000)) >>> 0;
  return seconds.toString(16).padStart(8, '0') + randomPart();
}

/** The creation time an id carries (second precision). */
export function idTimestamp(id: string): Date {
  return new Date(Number.parseInt(id.slice(0, 8), 16) * 1000);
}
