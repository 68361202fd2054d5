import { type Kysely, sql } from 'kysely';
import type { Database, Timestamp } from '../../db/schema';

export interface CounterRow {
  attempts: number;
  window_start: Timestamp;
  blocked_until: Timestamp | null;
}

/**
 * The attempt counters (`auth_attempts`) and used challenges (`auth_challenges`). Every write is one
 * statement, atomic on SQLite and PostgreSQL alike: concurrent requests on one key serialise on its row.
 */
export function createLockoutRepository(db: Kysely<Database>) {
  const blocked = (now: Timestamp) =>
    sql<boolean>`(auth_attempts.blocked_until is not null and auth_attempts.blocked_until > ${now})`;
  const expired = (since: Timestamp) => sql<boolean>`(auth_attempts.window_start <= ${since})`;

  return {
    /**
     * Counts one attempt on `key` and answers the counter as it is after it: a window older than `since`
     * starts again at 1; while the key is blocked nothing is counted (the caller refuses).
     */
    async take(key: string, now: Timestamp, since: Timestamp): Promise<CounterRow> {
      const row = await db
        .insertInto('auth_attempts')
        .values({ key, window_start: now, attempts: 1, blocked_until: null })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            attempts: sql<number>`case when ${blocked(now)} then auth_attempts.attempts when ${expired(since)} then 1 else auth_attempts.attempts + 1 end`,
            window_start: sql<string>`case when ${blocked(now)} then auth_attempts.window_start when ${expired(since)} then ${now} else auth_attempts.window_start end`,
          }),
        )
        .returning(['attempts', 'window_start', 'blocked_until'])
        .executeTakeFirstOrThrow();
      return { ...row, attempts: Number(row.attempts) };
    },

    /**
     * Blocks `key` until `until` (never shortens a block). `restart`: the count starts again when the block
     * ends (an account lock); otherwise it keeps growing (the delays of a source).
     */
    async block(key: string, until: Timestamp, restart: boolean): Promise<void> {
      await db
        .updateTable('auth_attempts')
        .set({
          blocked_until: sql<string>`case when auth_attempts.blocked_until is null or auth_attempts.blocked_until < ${until} then ${until} else auth_attempts.blocked_until end`,
          ...(restart ? { attempts: 0, window_start: until } : {}),
        })
        .where('key', '=', key)
        .execute();
    },

    /**
     * Takes `count` attempts back, only from the window they were counted in and never while the key is
     * blocked (a lock taken meanwhile stays, with its count).
     */
    async release(key: string, count: number, windowStart: Timestamp, now: Timestamp): Promise<void> {
      await db
        .updateTable('auth_attempts')
        .set({
          attempts: sql<number>`case when auth_attempts.attempts > ${count} then auth_attempts.attempts - ${count} else 0 end`,
        })
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now)]))
        .execute();
    },

    /** Removes the block and the count (an account whose owner proved the phone). */
    async clear(key: string): Promise<void> {
      await db.deleteFrom('auth_attempts').where('key', '=', key).execute();
    },

    async find(key: string): Promise<CounterRow | undefined> {
      return db
        .selectFrom('auth_attempts')
        .select(['attempts', 'window_start', 'blocked_until'])
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /** Marks a solved challenge used; false when it already was (a replay). */
    async useChallenge(id: string, difficulty: number, expiresAt: Timestamp): Promise<boolean> {
      const inserted = await db
        .insertInto('auth_challenges')
        .values({ id, difficulty, expires_at: expiresAt })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Housekeeping: counters whose window and block are over, challenges past their expiry. */
    async deleteOld(windowsBefore: Timestamp, now: Timestamp): Promise<void> {
      await db
        .deleteFrom('auth_attempts')
        .where('window_start', '<=', windowsBefore)
        .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now)]))
        .execute();
      await db.deleteFrom('auth_challenges').where('expires_at', '<=', now).execute();
    },
  };
}
