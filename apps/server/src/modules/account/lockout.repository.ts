import type { Kysely } from 'kysely';
import type { Database, Timestamp } from '../../db/schema';

/** Failed sign-ins per account and the lock itself (users.locked_until). */
export function createLockoutRepository(db: Kysely<Database>) {
  return {
    async insertFailure(id: string, userId: string, at: Timestamp): Promise<void> {
      await db.insertInto('sign_in_failures').values({ id, user_id: userId, created_at: at }).execute();
    },

    async countFailuresSince(userId: string, since: Timestamp): Promise<number> {
      const { n } = await db
        .selectFrom('sign_in_failures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async deleteFailures(userId: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('user_id', '=', userId).execute();
    },

    async setLockedUntil(userId: string, until: Timestamp | null): Promise<void> {
      await db.updateTable('users').set({ locked_until: until }).where('id', '=', userId).execute();
    },

    async deleteFailuresBefore(before: Timestamp): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('created_at', '<=', before).execute();
    },
  };
}
