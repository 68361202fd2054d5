import { randomBytes, randomInt } from 'node:crypto';

/**
 * Record ids: 24 lowercase hex characters laid out like a MongoDB ObjectId (DESIGN.md §4): 4 bytes of Unix
 * seconds, 5 random bytes fixed for the process, a 3-byte counter. Ids sort by creation time, and within
 * one process every id is greater than the previous one, even when the clock steps back or the counter
 * wraps within a second (the seconds part then runs ahead of the clock by one).
 */
export interface IdGeneratorState {
  processPart: string;
  counter: number;
  lastSeconds: number;
}

export function createIdGenerator(
  state: IdGeneratorState = {
    processPart: randomBytes(5).toString('hex'),
    counter: randomInt(0, 0x1000000),
    lastSeconds: 0,
  },
): (nowMs?: number) => string {
  return (nowMs = Date.now()) => {
    let seconds = Math.max(Math.floor(nowMs / 1000), state.lastSeconds);
    state.counter = (state.counter + 1) & 0xffffff;
    if (state.counter === 0 && seconds === state.lastSeconds) seconds += 1;
    state.lastSeconds = seconds;
    return (
      (seconds >>> 0).toString(16).padStart(8, '0') +
      state.processPart +
      state.counter.toString(16).padStart(6, '0')
    );
  };
}

/** The process-wide generator every module uses. */
export const newId: (nowMs?: number) => string = createIdGenerator();

/** The creation time an id carries (second precision). */
export function idTimestamp(id: string): Date {
  return new Date(Number.parseInt(id.slice(0, 8), 16) * 1000);
}
