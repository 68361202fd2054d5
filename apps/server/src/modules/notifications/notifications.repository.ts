import { type Insertable, type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { OrderBy } from '../../db/order';
import type { Timestamp } from '../../db/schema';
import type { NotificationsDatabase, NotificationsTable } from './tables';

export type NotificationRow = Selectable<NotificationsTable>;
export type NotificationInsert = Insertable<NotificationsTable>;

export interface NotificationListOptions {
  where: RawBuilder<SqlBool> | null;
  order: OrderBy;
  skip: number;
  limit: number;
}

/** Every query is scoped to the receiver: another user's notification is never found, changed or removed. */
export function createNotificationsRepository(db: Kysely<NotificationsDatabase>) {
  const mine = (userId: string) => db.selectFrom('notifications').where('user_id', '=', userId);

  return {
    /** The given users that exist (a receiver deleted meanwhile gets nothing). */
    async existingUserIds(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
      return rows.map((row) => row.id);
    },

    async insertNotifications(rows: readonly NotificationInsert[]): Promise<void> {
      if (rows.length > 0)
        await db
          .insertInto('notifications')
          .values([...rows])
          .execute();
    },

    list(userId: string, options: NotificationListOptions): Promise<NotificationRow[]> {
      let query = mine(userId).selectAll();
      if (options.where) query = query.where(options.where);
      return query
        .orderBy(sql.ref(options.order.column), options.order.direction)
        .orderBy('id', options.order.direction)
        .offset(options.skip)
        .limit(options.limit)
        .execute();
    },

    async count(userId: string, where: RawBuilder<SqlBool> | null): Promise<number> {
      let query = mine(userId).select((eb) => eb.fn.countAll<number>().as('count'));
      if (where) query = query.where(where);
      const { count } = await query.executeTakeFirstOrThrow();
      return Number(count);
    },

    find(userId: string, id: string): Promise<NotificationRow | undefined> {
      return mine(userId).selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Sets the flag of one; false when the user has no such notification. The first read time is kept. */
    async setRead(userId: string, id: string, read: boolean, now: Timestamp): Promise<boolean> {
      const result = await db
        .updateTable('notifications')
        .set(read ? { is_read: 1, read_at: sql`coalesce(read_at, ${now})` } : { is_read: 0, read_at: null })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Sets the flag of the given ones (or all) whose flag differs; answers how many changed. */
    async setReadMany(
      userId: string,
      ids: readonly string[] | 'all',
      read: boolean,
      now: Timestamp,
    ): Promise<number> {
      let query = db
        .updateTable('notifications')
        .set(read ? { is_read: 1, read_at: now } : { is_read: 0, read_at: null })
        .where('user_id', '=', userId)
        .where('is_read', '=', read ? 0 : 1);
      if (ids !== 'all') query = query.where('id', 'in', ids);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The user's unread notifications about one record of a module become read; answers how many. */
    async readRecord(userId: string, module: string, recordId: string, now: Timestamp): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ is_read: 1, read_at: now })
        .where('user_id', '=', userId)
        .where('module', '=', module)
        .where('record_id', '=', recordId)
        .where('is_read', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('notifications')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The unread count of each given user (0 for those without any). */
    async unreadCounts(userIds: readonly string[]): Promise<Map<string, number>> {
      const counts = new Map(userIds.map((id) => [id, 0]));
      if (userIds.length === 0) return counts;
      const rows = await db
        .selectFrom('notifications')
        .select(['user_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('user_id', 'in', userIds)
        .where('is_read', '=', 0)
        .groupBy('user_id')
        .execute();
      for (const row of rows) counts.set(row.user_id, Number(row.count));
      return counts;
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
