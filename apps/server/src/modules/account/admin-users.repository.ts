import type { Kysely, RawBuilder, Selectable, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { OrderBy } from '../../db/order';
import type { Database, Timestamp, UsersTable } from '../../db/schema';

/** A user row with the end of the account's sign-in lock (the lockout counter `user:<id>`), if any. */
export type AdminUserRow = Selectable<UsersTable> & { blocked_until: Timestamp | null };

/** The flags users administration changes (issue 17). */
export type AdminUserChanges = Partial<Pick<UsersTable, 'disabled' | 'locked_until'>> & {
  must_change_password?: 0 | 1;
};

export function createAdminUsersRepository(db: Kysely<Database>) {
  const withLock = () =>
    db
      .selectFrom('users')
      .leftJoin('auth_attempts as lock', (join) => join.on(sql<SqlBool>`lock.key = ('user:' || users.id)`))
      .selectAll('users')
      .select('lock.blocked_until');

  return {
    find(id: string): Promise<AdminUserRow | undefined> {
      return withLock().where('users.id', '=', id).executeTakeFirst() as Promise<AdminUserRow | undefined>;
    },

    list(
      where: RawBuilder<SqlBool> | null,
      order: OrderBy,
      skip: number,
      limit: number,
    ): Promise<AdminUserRow[]> {
      let query = withLock();
      if (where) query = query.where(where);
      return query
        .orderBy(sql.ref(`users.${order.column}`), order.direction)
        .orderBy('users.id', order.direction)
        .offset(skip)
        .limit(limit)
        .execute() as Promise<AdminUserRow[]>;
    },

    /**
     * Sets the flags when the row is still the version the administrator saw (`updated_at`); false when it
     * changed meanwhile (or is gone).
     */
    async update(id: string, seen: Timestamp, changes: AdminUserChanges, now: Timestamp): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .where('updated_at', '=', seen)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Removes the account's sign-in lock and its count of failures. */
    async clearLock(id: string): Promise<void> {
      await db.deleteFrom('auth_attempts').where('key', '=', `user:${id}`).execute();
    },
  };
}
