import { createHash, randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { LOGIN_ERROR } from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import type { AppError } from '../../plugins/app-error';
import {
  type Attempt,
  CHALLENGE_DIFFICULTY_HEADER,
  CHALLENGE_HEADER,
  type CodeGuard,
  type Source,
  ThrottleError,
} from '../sms/index';
import { type CounterRow, createLockoutRepository } from './lockout.repository';

const MINUTE = 60 * 1000;

/** Per account: this many attempts within the window lock it for LOCK_MS (business code 107). */
export const LOCK_THRESHOLD = 10;
export const LOCK_WINDOW_MS = 10 * MINUTE;
export const LOCK_MS = 10 * MINUTE;

/**
 * Per source address, over an hour: after CHALLENGE_AFTER unsuccessful attempts every further one needs a
 * solved proof-of-work challenge; after SOURCE_FREE, each failure also makes the source wait, doubling from
 * a minute (60 s, 2, 4, 8 min…, at most an hour). One address thus cannot reach an account's lock threshold
 * within its window (60+120+240+480 s pass before its tenth try).
 */
export const SOURCE_WINDOW_MS = 60 * MINUTE;
export const CHALLENGE_AFTER = 3;
export const SOURCE_FREE = 5;
export const SOURCE_DELAY_MS = MINUTE;
export const SOURCE_MAX_DELAY_MS = 60 * MINUTE;

/** Per code target (phone and purpose): after this many wrong codes every try needs a challenge. */
export const TARGET_CHALLENGE_AFTER = 5;
export const TARGET_WINDOW_MS = 10 * MINUTE;

/** Existence questions (is this name / phone registered?): per address and per asked target. */
export const LOOKUP_WINDOW_MS = 10 * MINUTE;
export const LOOKUPS_PER_SOURCE = 30;
export const LOOKUPS_PER_TARGET = 10;

/**
 * Proof of work: sha256(`<challenge>/<nonce>`) must start with `bits` zero bits (~65,000 hashes, about a
 * second in a browser), one more every two further failures, at most `maxBits`. Tests that play a long
 * attack lower it (the only reason it is an object).
 */
export const challengeSettings = { bits: 16, maxBits: 20 };
export const CHALLENGE_TTL_MS = 5 * MINUTE;

export interface LockoutServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** An address as counted: IPv6 by its /64 (one subscriber holds a whole /64), IPv4 as it is. */
export function sourceKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  if (!isIPv6(ip)) return `ip:${ip}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `ip:${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}

function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Counts a solution's proof of work: `<expiresMs>.<random>/<nonce>`. */
export function proofBits(solution: string): number {
  return leadingZeroBits(createHash('sha256').update(solution).digest());
}

interface Taken {
  key: string;
  row: CounterRow;
}

/**
 * The sign-in defenses, in the database so every process shares them (issue 14). An attempt is counted
 * BEFORE anything is verified, by one atomic upsert that answers the count: so concurrent guesses see each
 * other, and at most LOCK_THRESHOLD of them are ever verified per window. A success takes back only the
 * attempts counted before it (never a lock set meanwhile).
 */
export function createLockoutService({ db, clock }: LockoutServiceDeps) {
  const repository = () => createLockoutRepository(db);
  const iso = (ms: number) => new Date(ms).toISOString();

  function secondsUntil(until: string): number {
    return Math.max(1, Math.ceil((new Date(until).getTime() - clock.now().getTime()) / 1000));
  }

  function lockedError(until: string): AppError {
    const minutes = Math.max(1, Math.ceil(secondsUntil(until) / 60));
    return new ThrottleError(
      'account.locked',
      { 'retry-after': String(secondsUntil(until)) },
      { code: LOGIN_ERROR.locked, params: { minutes } },
    );
  }

  function delayedError(until: string): AppError {
    const seconds = secondsUntil(until);
    return new ThrottleError(
      'account.tooManyAttempts',
      { 'retry-after': String(seconds) },
      { params: { seconds } },
    );
  }

  function challengeError(invalid: boolean, bits: number): AppError {
    const challenge = `${clock.now().getTime() + CHALLENGE_TTL_MS}.${randomBytes(16).toString('hex')}`;
    return new ThrottleError(invalid ? 'account.challengeInvalid' : 'account.challengeRequired', {
      [CHALLENGE_HEADER]: challenge,
      [CHALLENGE_DIFFICULTY_HEADER]: String(bits),
    });
  }

  /** Checks a solution of at least `bits` and uses it up; false when missing, wrong, expired or replayed. */
  async function useSolution(solution: string | undefined, bits: number): Promise<boolean> {
    if (!solution) return false;
    const match = /^(\d{13})\.([0-9a-f]{32})\/([0-9a-zA-Z]{1,32})$/.exec(solution);
    if (!match) return false;
    const expires = Number(match[1]);
    const now = clock.now().getTime();
    if (expires <= now || expires > now + CHALLENGE_TTL_MS) return false;
    if (proofBits(solution) < bits) return false;
    return repository().useChallenge(`${match[1]}.${match[2]}`, bits, iso(expires));
  }

  async function take(key: string, windowMs: number): Promise<Taken> {
    const now = clock.now().getTime();
    return { key, row: await repository().take(key, iso(now), iso(now - windowMs)) };
  }

  const isBlocked = (row: CounterRow) =>
    row.blocked_until !== null && row.blocked_until > clock.now().toISOString();

  /** Gives back one attempt (a request refused before anything was verified). */
  async function giveBack(taken: Taken[]): Promise<void> {
    const now = clock.now().toISOString();
    for (const t of taken) await repository().release(t.key, 1, t.row.window_start, now);
  }

  /** Challenge bits for a source or target `over` attempts beyond its free ones: one more every 2. */
  const bitsFor = (over: number) =>
    Math.min(challengeSettings.maxBits, challengeSettings.bits + Math.floor((over - 1) / 2));

  /**
   * Counts one attempt of `source` (and of the account `userId`, and of a code `target`) before the caller
   * verifies anything. Refuses with 429: the source waits (Retry-After), the account is locked (107), or a
   * challenge must be solved first (headers `X-Challenge` and `X-Challenge-Difficulty`; the client answers
   * with `X-Challenge-Solution: <challenge>/<nonce>`).
   */
  async function begin(input: { source?: Source; userId?: string; target?: string }): Promise<Attempt> {
    const taken: Taken[] = [];
    let bits = 0;
    let source: Taken | undefined;
    let account: Taken | undefined;
    if (input.source) {
      source = await take(sourceKey(input.source.ip), SOURCE_WINDOW_MS);
      if (isBlocked(source.row)) throw delayedError(source.row.blocked_until as string);
      taken.push(source);
      if (source.row.attempts > CHALLENGE_AFTER) bits = bitsFor(source.row.attempts - CHALLENGE_AFTER);
    }
    let target: Taken | undefined;
    if (input.target) {
      target = await take(`code:${input.target}`, TARGET_WINDOW_MS);
      taken.push(target);
      if (target.row.attempts > TARGET_CHALLENGE_AFTER) {
        bits = Math.max(bits, bitsFor(target.row.attempts - TARGET_CHALLENGE_AFTER));
      }
    }
    if (bits > 0 && input.userId) {
      // A locked account says so before any work is asked for.
      const lock = await repository().find(`user:${input.userId}`);
      if (lock && isBlocked(lock)) {
        await giveBack(taken);
        throw lockedError(lock.blocked_until as string);
      }
    }
    if (bits > 0 && !(await useSolution(input.source?.solution, bits))) {
      // Before the account is counted: requests that did no work never lock anyone's account.
      await giveBack(taken);
      throw challengeError(input.source?.solution !== undefined, bits);
    }
    if (input.userId) {
      account = await take(`user:${input.userId}`, LOCK_WINDOW_MS);
      if (isBlocked(account.row)) {
        await giveBack(taken);
        throw lockedError(account.row.blocked_until as string);
      }
      if (account.row.attempts > LOCK_THRESHOLD) {
        // More attempts than the threshold in flight: lock now, without verifying this one.
        const until = iso(clock.now().getTime() + LOCK_MS);
        await repository().block(account.key, until, true);
        await giveBack(taken);
        throw lockedError(until);
      }
    }

    let ended = false;
    return {
      async failed() {
        if (ended) return null;
        ended = true;
        const now = clock.now().getTime();
        if (source && source.row.attempts > SOURCE_FREE) {
          const delay = Math.min(
            SOURCE_MAX_DELAY_MS,
            SOURCE_DELAY_MS * 2 ** (source.row.attempts - SOURCE_FREE - 1),
          );
          await repository().block(source.key, iso(now + delay), false);
        }
        if (account && account.row.attempts >= LOCK_THRESHOLD) {
          const until = iso(now + LOCK_MS);
          await repository().block(account.key, until, true);
          return lockedError(until);
        }
        return null;
      },
      async succeeded() {
        if (ended) return;
        ended = true;
        const now = clock.now().toISOString();
        // The source gives back only this attempt: one good sign-in must not wash an address's failures.
        if (source) await repository().release(source.key, 1, source.row.window_start, now);
        if (target) await repository().release(target.key, target.row.attempts, target.row.window_start, now);
        if (account)
          await repository().release(account.key, account.row.attempts, account.row.window_start, now);
      },
    };
  }

  /** Counts an existence question; 429 with Retry-After over the per-address or per-target limit. */
  async function lookup(source: Source, target: string): Promise<void> {
    for (const [key, limit] of [
      [`lookup-${sourceKey(source.ip)}`, LOOKUPS_PER_SOURCE],
      [`lookup:${target}`, LOOKUPS_PER_TARGET],
    ] as const) {
      const { row } = await take(key, LOOKUP_WINDOW_MS);
      if (row.attempts > limit) {
        const until = iso(new Date(row.window_start).getTime() + LOOKUP_WINDOW_MS);
        const seconds = secondsUntil(until);
        throw new ThrottleError(
          'account.lookupLimit',
          { 'retry-after': String(seconds) },
          { params: { seconds } },
        );
      }
    }
  }

  const guard: CodeGuard = {
    begin: ({ source, target }) => begin({ source, target }),
    lookup,
  };

  return {
    begin,
    lookup,
    /** What the SMS module is given. */
    guard,

    /** The owner proved the phone (a reset): the account's lock and count are gone. */
    async unlock(userId: string): Promise<void> {
      await repository().clear(`user:${userId}`);
    },

    async deleteOld(): Promise<void> {
      const now = clock.now().getTime();
      await repository().deleteOld(iso(now - SOURCE_WINDOW_MS), iso(now));
    },
  };
}
export type LockoutService = ReturnType<typeof createLockoutService>;
