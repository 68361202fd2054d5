import { type Insertable, type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { OrderBy } from '../../db/order';
import type { Timestamp } from '../../db/schema';
import type {
  AnnouncementAttachmentsTable,
  AnnouncementReceiptsTable,
  AnnouncementsDatabase,
  AnnouncementsTable,
} from './tables';

export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type ReceiptRow = Selectable<AnnouncementReceiptsTable>;
/** A row of the received list: the announcement and the caller's own receipt. */
export type ReceivedRow = AnnouncementRow & { my_read: number; my_read_at: Timestamp | null };

export interface ListSlice {
  where: RawBuilder<SqlBool> | null;
  order: OrderBy;
  skip: number;
  limit: number;
}

/** Rows per INSERT (6 parameters a receipt) and ids per IN list: well under both engines' limits. */
const INSERT_CHUNK = 500;
const ID_CHUNK = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}

/**
 * All SQL of the announcements. The lists alias the announcement `a` and the caller's receipt `r`: the
 * `where` whitelists of the service name those columns.
 */
export function createAnnouncementsRepository(db: Kysely<AnnouncementsDatabase>) {
  function sent(projectId: string, userId: string) {
    return db
      .selectFrom('announcements as a')
      .where('a.project_id', '=', projectId)
      .where('a.sender_id', '=', userId);
  }

  /** What the receiver still has: not removed from their list, not recalled. */
  function received(projectId: string, userId: string) {
    return db
      .selectFrom('announcements as a')
      .innerJoin('announcement_receipts as r', 'r.announcement_id', 'a.id')
      .where('r.user_id', '=', userId)
      .where('r.project_id', '=', projectId)
      .where('r.hidden', '=', 0)
      .where('a.recalled', '=', 0);
  }

  return {
    async insert(
      announcement: Insertable<AnnouncementsTable>,
      receipts: readonly Insertable<AnnouncementReceiptsTable>[],
      attachments: readonly Insertable<AnnouncementAttachmentsTable>[],
    ): Promise<void> {
      await db.insertInto('announcements').values(announcement).execute();
      for (const part of chunks(receipts, INSERT_CHUNK)) {
        await db.insertInto('announcement_receipts').values(part).execute();
      }
      if (attachments.length > 0) {
        await db
          .insertInto('announcement_attachments')
          .values([...attachments])
          .execute();
      }
    },

    find(id: string): Promise<AnnouncementRow | undefined> {
      return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
    },

    receipt(id: string, userId: string): Promise<ReceiptRow | undefined> {
      return db
        .selectFrom('announcement_receipts')
        .selectAll()
        .where('announcement_id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Every receiver of one announcement with their read state. */
    receipts(id: string): Promise<ReceiptRow[]> {
      return db
        .selectFrom('announcement_receipts')
        .selectAll()
        .where('announcement_id', '=', id)
        .orderBy('user_id')
        .execute();
    },

    listSent(projectId: string, userId: string, slice: ListSlice): Promise<AnnouncementRow[]> {
      let query = sent(projectId, userId).selectAll('a');
      if (slice.where) query = query.where(slice.where);
      return query
        .orderBy('a.stick', 'desc')
        .orderBy(sql.ref(slice.order.column), slice.order.direction)
        .orderBy('a.id', slice.order.direction)
        .offset(slice.skip)
        .limit(slice.limit)
        .execute();
    },

    async countSent(projectId: string, userId: string, where: RawBuilder<SqlBool> | null): Promise<number> {
      let query = sent(projectId, userId).select((eb) => eb.fn.countAll<number>().as('count'));
      if (where) query = query.where(where);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    listReceived(projectId: string, userId: string, slice: ListSlice): Promise<ReceivedRow[]> {
      let query = received(projectId, userId)
        .selectAll('a')
        .select(['r.is_read as my_read', 'r.read_at as my_read_at']);
      if (slice.where) query = query.where(slice.where);
      return query
        .orderBy('a.stick', 'desc')
        .orderBy(sql.ref(slice.order.column), slice.order.direction)
        .orderBy('a.id', slice.order.direction)
        .offset(slice.skip)
        .limit(slice.limit)
        .execute();
    },

    async countReceived(
      projectId: string,
      userId: string,
      where: RawBuilder<SqlBool> | null,
    ): Promise<number> {
      let query = received(projectId, userId).select((eb) => eb.fn.countAll<number>().as('count'));
      if (where) query = query.where(where);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    /** Receivers and readers per announcement. */
    async readCounts(ids: readonly string[]): Promise<Map<string, { receivers: number; read: number }>> {
      const counts = new Map<string, { receivers: number; read: number }>();
      for (const part of chunks([...new Set(ids)], ID_CHUNK)) {
        const rows = await db
          .selectFrom('announcement_receipts')
          .select([
            'announcement_id',
            (eb) => eb.fn.countAll<number>().as('receivers'),
            (eb) => eb.fn.sum<number>('is_read').as('read'),
          ])
          .where('announcement_id', 'in', part)
          .groupBy('announcement_id')
          .execute();
        for (const row of rows) {
          counts.set(row.announcement_id, { receivers: Number(row.receivers), read: Number(row.read ?? 0) });
        }
      }
      return counts;
    },

    async attachmentCounts(ids: readonly string[]): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      for (const part of chunks([...new Set(ids)], ID_CHUNK)) {
        const rows = await db
          .selectFrom('announcement_attachments')
          .select(['announcement_id', (eb) => eb.fn.countAll<number>().as('count')])
          .where('announcement_id', 'in', part)
          .groupBy('announcement_id')
          .execute();
        for (const row of rows) counts.set(row.announcement_id, Number(row.count));
      }
      return counts;
    },

    async attachmentIds(id: string): Promise<string[]> {
      const rows = await db
        .selectFrom('announcement_attachments')
        .select('file_id')
        .where('announcement_id', '=', id)
        .orderBy('position')
        .execute();
      return rows.map((row) => row.file_id);
    },

    /** false when the user has no receipt of it. The first read time is kept. */
    async setRead(id: string, userId: string, read: boolean, now: Timestamp): Promise<boolean> {
      const result = await db
        .updateTable('announcement_receipts')
        .set(
          read
            ? (eb) => ({ is_read: 1, read_at: eb.fn.coalesce('read_at', sql.lit(now)) })
            : { is_read: 0, read_at: null },
        )
        .where('announcement_id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setStick(id: string, stick: boolean, now: Timestamp): Promise<void> {
      await db
        .updateTable('announcements')
        .set({ stick: stick ? 1 : 0, stick_at: stick ? now : null, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** false when it was recalled already (by a concurrent request). A recalled one is unpinned too. */
    async recall(id: string, now: Timestamp): Promise<boolean> {
      const result = await db
        .updateTable('announcements')
        .set({ recalled: 1, recalled_at: now, stick: 0, stick_at: null, updated_at: now })
        .where('id', '=', id)
        .where('recalled', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The announcement for everyone (its receipts and attachment links go with it). */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Out of one receiver's list. */
    async hide(id: string, userId: string): Promise<boolean> {
      const result = await db
        .updateTable('announcement_receipts')
        .set({ hidden: 1 })
        .where('announcement_id', '=', id)
        .where('user_id', '=', userId)
        .where('hidden', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteSent(projectId: string, userId: string): Promise<number> {
      const result = await db
        .deleteFrom('announcements')
        .where('project_id', '=', projectId)
        .where('sender_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Everything the user still has in their received list of the project (recalled ones are not there). */
    async hideReceived(projectId: string, userId: string): Promise<number> {
      const result = await db
        .updateTable('announcement_receipts')
        .set({ hidden: 1 })
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .where('hidden', '=', 0)
        .where((eb) =>
          eb(
            'announcement_id',
            'in',
            eb
              .selectFrom('announcements')
              .select('id')
              .where('project_id', '=', projectId)
              .where('recalled', '=', 0),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
