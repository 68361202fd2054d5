import { LOGIN_ERROR } from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { createLockoutRepository } from './lockout.repository';
import type { UserRow } from './user.repository';

/** This many failed sign-ins of one account within the window lock it for LOCK_MS. */
export const LOCK_THRESHOLD = 10;
export const LOCK_WINDOW_MS = 10 * 60 * 1000;
export const LOCK_MS = 10 * 60 * 1000;

export interface LockoutServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * Brute-force protection per account, in the database (so every process shares it): a wrong password or
 * code is a failure; the tenth within ten minutes locks sign-in for ten minutes, the right password
 * included (business code 107). A successful sign-in or password reset clears the count.
 */
export function createLockoutService({ db, clock }: LockoutServiceDeps) {
  function lockedError(until: Date): AppError {
    const minutes = Math.max(1, Math.ceil((until.getTime() - clock.now().getTime()) / 60_000));
    return new AppError(429, 'account.locked', { code: LOGIN_ERROR.locked, params: { minutes } });
  }

  return {
    assertNotLocked(user: Pick<UserRow, 'locked_until'>): void {
      if (user.locked_until === null) return;
      const until = new Date(user.locked_until);
      if (until.getTime() > clock.now().getTime()) throw lockedError(until);
    },

    /** Counts a failure; answers the lock error when this failure locked the account (else null). */
    async recordFailure(userId: string): Promise<AppError | null> {
      const repository = createLockoutRepository(db);
      const now = clock.now();
      await repository.insertFailure(newId(now.getTime()), userId, now.toISOString());
      const since = new Date(now.getTime() - LOCK_WINDOW_MS).toISOString();
      if ((await repository.countFailuresSince(userId, since)) < LOCK_THRESHOLD) return null;
      const until = new Date(now.getTime() + LOCK_MS);
      await repository.setLockedUntil(userId, until.toISOString());
      // The lock starts a new count: failures before it never add up with failures after it.
      await repository.deleteFailures(userId);
      return lockedError(until);
    },

    /** After a successful sign-in or reset: the count starts again (and an expired lock is removed). */
    async clear(user: Pick<UserRow, 'id' | 'locked_until'>, trx: Kysely<Database> = db): Promise<void> {
      const repository = createLockoutRepository(trx);
      await repository.deleteFailures(user.id);
      if (user.locked_until !== null) await repository.setLockedUntil(user.id, null);
    },

    async deleteOld(): Promise<void> {
      const before = new Date(clock.now().getTime() - LOCK_WINDOW_MS).toISOString();
      await createLockoutRepository(db).deleteFailuresBefore(before);
    },
  };
}
export type LockoutService = ReturnType<typeof createLockoutService>;
