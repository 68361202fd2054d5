import { randomFillSync } from 'node:crypto';

/**
 * Record ids: 24 lowercase hex characters (DESIGN.md §4, the format every contract validates): 4 bytes of
 * Unix seconds, then 8 bytes that are unguessable yet increasing within a process (issue 14). The first id
 * of a second takes 62 random bits; each next id of that second adds a random step of 1 to 2^48. So:
 * - knowing an id tells nothing usable about the next one: it lies 1…2^48 above (2.8·10^14 candidates, and
 *   how many ids came between is unknown too) — there is no process part and no counter to step through;
 * - ids of one process still sort in creation order (lists that break ties of `created_at` by id keep the
 *   order records were made in, within a millisecond too), as the previous ObjectId-style ids did.
 * Ids are never the only protection of a record (every read is authorized); they only make guessing
 * pointless. When a second's space runs out (about 16,000 ids in one second on average) or the clock steps
 * back, the seconds part runs ahead of the clock.
 */
const STEP_MASK = (1n << 48n) - 1n;
const START_MASK = (1n << 62n) - 1n;
const LIMIT = 1n << 64n;

const POOL_WORDS = 256;
const pool = Buffer.alloc(POOL_WORDS * 8);
let poolUsed = POOL_WORDS;

/** 64 fresh random bits (from a pool refilled 256 words at a time). */
function random64(): bigint {
  if (poolUsed === POOL_WORDS) {
    randomFillSync(pool);
    poolUsed = 0;
  }
  const value = pool.readBigUInt64BE(poolUsed * 8);
  poolUsed += 1;
  return value;
}

export interface IdGeneratorState {
  lastSeconds: number;
  last: bigint;
}

export function createIdGenerator(
  state: IdGeneratorState = { lastSeconds: -1, last: 0n },
): (nowMs?: number) => string {
  return (nowMs = Date.now()) => {
    let seconds = Math.max(Math.floor(nowMs / 1000), state.lastSeconds, 0);
    let value: bigint;
    if (seconds !== state.lastSeconds) {
      value = random64() & START_MASK;
    } else {
      value = state.last + 1n + (random64() & STEP_MASK);
      if (value >= LIMIT) {
        seconds += 1;
        value = random64() & START_MASK;
      }
    }
    state.lastSeconds = seconds;
    state.last = value;
    return (seconds >>> 0).toString(16).padStart(8, '0') + value.toString(16).padStart(16, '0');
  };
}

/** The process-wide generator every module uses. */
export const newId: (nowMs?: number) => string = createIdGenerator();

/** The creation time an id carries (second precision). */
export function idTimestamp(id: string): Date {
  return new Date(Number.parseInt(id.slice(0, 8), 16) * 1000);
}
