import { type Insertable, type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { OrderBy } from '../../db/order';
import type { Timestamp } from '../../db/schema';
import { fileAttachments } from '../files/attachments';
import type {
  ContactSheetAttachmentsTable,
  ContactSheetCirculationTable,
  ContactSheetPeopleTable,
  ContactSheetRepliesTable,
  ContactSheetsDatabase,
  ContactSheetsTable,
} from './tables';

export type SheetRow = Selectable<ContactSheetsTable>;
export type PersonRow = Selectable<ContactSheetPeopleTable>;
export type ReplyRow = Selectable<ContactSheetRepliesTable>;
export type CirculationRow = Selectable<ContactSheetCirculationTable>;
export type AttachmentRow = Selectable<ContactSheetAttachmentsTable>;
/** A row of a list: the sheet and the caller's own place on it (null: not on it). */
export type ListedRow = SheetRow & { my_role: string | null; my_read: number | null };

/** Which sheets of a project a list holds for the caller (see the service's `list`). */
export interface ListFilter {
  projectId: string;
  userId: string;
  box: 'sent' | 'received' | 'all';
  /** The caller's view scope is `all`: the `all` box holds every sent sheet of the project. */
  seesAll: boolean;
  type?: string;
  unReadOnly: boolean;
  where: RawBuilder<SqlBool> | null;
}

export interface ListSlice {
  order: OrderBy;
  skip: number;
  limit: number;
}

/** Ids per IN list: well under both engines' parameter limits. */
const ID_CHUNK = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}

/**
 * All SQL of the contact sheets. Lists alias the sheet `c` and the caller's own people row `me` (a left
 * join): the service's `where` whitelist and order columns name those.
 */
/** The owner key of contact-sheet files (a sheet's and its replies') in the files module. */
export const CONTACT_SHEET_FILES = 'contactsheets';

export function createContactSheetsRepository(db: Kysely<ContactSheetsDatabase>) {
  function listed(filter: ListFilter) {
    let query = db
      .selectFrom('contactsheets as c')
      .leftJoin('contactsheet_people as me', (join) =>
        join.onRef('me.sheet_id', '=', 'c.id').on('me.user_id', '=', filter.userId),
      )
      .where('c.project_id', '=', filter.projectId)
      .where('c.deleted_at', 'is', null);
    // A recalled sheet is its sender's draft: nobody else lists it.
    if (filter.box === 'sent') query = query.where('c.sender_id', '=', filter.userId);
    else if (filter.box === 'received')
      query = query.where('me.user_id', 'is not', null).where('c.status', '=', 'sent');
    else if (filter.seesAll)
      query = query.where((eb) =>
        eb.or([eb('c.status', '=', 'sent'), eb('c.sender_id', '=', filter.userId)]),
      );
    else
      query = query.where((eb) =>
        eb.or([
          eb('c.sender_id', '=', filter.userId),
          eb.and([eb('me.user_id', 'is not', null), eb('c.status', '=', 'sent')]),
        ]),
      );
    if (filter.type) query = query.where('c.type', '=', filter.type);
    if (filter.unReadOnly) query = query.where('me.is_read', '=', 0).where('c.status', '=', 'sent');
    if (filter.where) query = query.where(filter.where);
    return query;
  }

  return {
    /** The next number of the kind in the project (inside the creating transaction). */
    async takeNumber(projectId: string, type: string): Promise<number> {
      const row = await db
        .insertInto('contactsheet_counters')
        .values({ project_id: projectId, type, last_number: 1 })
        .onConflict((oc) =>
          oc.columns(['project_id', 'type']).doUpdateSet((eb) => ({
            last_number: eb(eb.ref('contactsheet_counters.last_number'), '+', 1),
          })),
        )
        .returning('last_number')
        .executeTakeFirstOrThrow();
      return Number(row.last_number);
    },

    async lastNumber(projectId: string, type: string): Promise<number> {
      const row = await db
        .selectFrom('contactsheet_counters')
        .select('last_number')
        .where('project_id', '=', projectId)
        .where('type', '=', type)
        .executeTakeFirst();
      return row ? Number(row.last_number) : 0;
    },

    /** The formatted number of the last sheet of the kind (deleted ones too: their numbers stay used). */
    async numberOf(projectId: string, type: string, sequence: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('contactsheets')
        .select('number')
        .where('project_id', '=', projectId)
        .where('type', '=', type)
        .where('number_seq', '=', sequence)
        .executeTakeFirst();
      return row?.number;
    },

    async insertSheet(sheet: Insertable<ContactSheetsTable>): Promise<void> {
      await db.insertInto('contactsheets').values(sheet).execute();
    },

    async insertPeople(people: readonly Insertable<ContactSheetPeopleTable>[]): Promise<void> {
      for (const part of chunks(people, ID_CHUNK)) {
        await db.insertInto('contactsheet_people').values(part).execute();
      }
    },

    /** The files of a sheet or a reply; they are attached to the sheet in the files module too (issue 14). */
    async insertAttachments(rows: readonly Insertable<ContactSheetAttachmentsTable>[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('contactsheet_attachments')
        .values([...rows])
        .execute();
      for (const sheetId of new Set(rows.map((row) => row.sheet_id))) {
        const ids = rows.filter((row) => row.sheet_id === sheetId).map((row) => row.file_id);
        await fileAttachments.add(db, CONTACT_SHEET_FILES, sheetId, ids);
      }
    },

    /** The sheet's own files (its replies' stay); the files module's record follows (issue 14). */
    async replaceAttachments(
      sheetId: string,
      rows: readonly Insertable<ContactSheetAttachmentsTable>[],
    ): Promise<void> {
      await db.deleteFrom('contactsheet_attachments').where('owner_id', '=', sheetId).execute();
      if (rows.length > 0)
        await db
          .insertInto('contactsheet_attachments')
          .values([...rows])
          .execute();
      const all = await db
        .selectFrom('contactsheet_attachments')
        .select('file_id')
        .where('sheet_id', '=', sheetId)
        .execute();
      await fileAttachments.set(
        db,
        CONTACT_SHEET_FILES,
        sheetId,
        all.map((row) => row.file_id),
      );
    },

    async insertCirculation(entry: Insertable<ContactSheetCirculationTable>): Promise<void> {
      await db.insertInto('contactsheet_circulation').values(entry).execute();
    },

    async insertReply(reply: Insertable<ContactSheetRepliesTable>): Promise<void> {
      await db.insertInto('contactsheet_replies').values(reply).execute();
    },

    /** Deleted ones too: the service tells "deleted" from "missing". */
    find(id: string): Promise<SheetRow | undefined> {
      return db.selectFrom('contactsheets').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findMany(ids: readonly string[]): Promise<SheetRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('contactsheets')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();
    },

    person(sheetId: string, userId: string): Promise<PersonRow | undefined> {
      return db
        .selectFrom('contactsheet_people')
        .selectAll()
        .where('sheet_id', '=', sheetId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The people of these sheets, in the order chosen (forwarded ones after). */
    async people(sheetIds: readonly string[]): Promise<PersonRow[]> {
      const rows: PersonRow[] = [];
      for (const part of chunks([...new Set(sheetIds)], ID_CHUNK)) {
        rows.push(
          ...(await db
            .selectFrom('contactsheet_people')
            .selectAll()
            .where('sheet_id', 'in', part)
            .orderBy('sheet_id')
            .orderBy('position')
            .execute()),
        );
      }
      return rows;
    },

    replies(sheetId: string): Promise<ReplyRow[]> {
      return db
        .selectFrom('contactsheet_replies')
        .selectAll()
        .where('sheet_id', '=', sheetId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async replyCounts(sheetIds: readonly string[]): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      for (const part of chunks([...new Set(sheetIds)], ID_CHUNK)) {
        const rows = await db
          .selectFrom('contactsheet_replies')
          .select(['sheet_id', (eb) => eb.fn.countAll<number>().as('count')])
          .where('sheet_id', 'in', part)
          .groupBy('sheet_id')
          .execute();
        for (const row of rows) counts.set(row.sheet_id, Number(row.count));
      }
      return counts;
    },

    circulation(sheetId: string): Promise<CirculationRow[]> {
      return db
        .selectFrom('contactsheet_circulation')
        .selectAll()
        .where('sheet_id', '=', sheetId)
        .orderBy('at')
        .orderBy('id')
        .execute();
    },

    /** Every attachment of a sheet and of its replies, in their order. */
    attachments(sheetId: string): Promise<AttachmentRow[]> {
      return db
        .selectFrom('contactsheet_attachments')
        .selectAll()
        .where('sheet_id', '=', sheetId)
        .orderBy('position')
        .execute();
    },

    /** The sheets' own attachments (not their replies'). */
    async attachmentCounts(sheetIds: readonly string[]): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      for (const part of chunks([...new Set(sheetIds)], ID_CHUNK)) {
        const rows = await db
          .selectFrom('contactsheet_attachments')
          .select(['owner_id', (eb) => eb.fn.countAll<number>().as('count')])
          .where('owner_id', 'in', part)
          .groupBy('owner_id')
          .execute();
        for (const row of rows) counts.set(row.owner_id, Number(row.count));
      }
      return counts;
    },

    list(filter: ListFilter, slice: ListSlice): Promise<ListedRow[]> {
      return listed(filter)
        .selectAll('c')
        .select(['me.role as my_role', 'me.is_read as my_read'])
        .orderBy(sql.ref(slice.order.column), slice.order.direction)
        .orderBy('c.id', slice.order.direction)
        .offset(slice.skip)
        .limit(slice.limit)
        .execute() as Promise<ListedRow[]>;
    },

    async count(filter: ListFilter): Promise<number> {
      const row = await listed(filter)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async updateSheet(id: string, changes: Partial<Insertable<ContactSheetsTable>>): Promise<void> {
      await db.updateTable('contactsheets').set(changes).where('id', '=', id).execute();
    },

    /** false when it is not sent, or someone replied meanwhile (recall lost the race). */
    async recall(id: string, now: Timestamp): Promise<boolean> {
      const result = await db
        .updateTable('contactsheets')
        .set({ status: 'recalled', recalled_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'sent')
        .where('replied', '=', 0)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** false when it is no longer sent (recalled or deleted meanwhile): the reply is refused. */
    async markReplied(id: string, now: Timestamp): Promise<boolean> {
      const result = await db
        .updateTable('contactsheets')
        .set({ replied: 1, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'sent')
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** true when this call made it read (the first read); the first read time is kept. */
    async markRead(sheetId: string, userId: string, now: Timestamp): Promise<boolean> {
      const result = await db
        .updateTable('contactsheet_people')
        .set({ is_read: 1, read_at: now })
        .where('sheet_id', '=', sheetId)
        .where('user_id', '=', userId)
        .where('is_read', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markPersonReplied(sheetId: string, userId: string, now: Timestamp): Promise<void> {
      await db
        .updateTable('contactsheet_people')
        .set((eb) => ({
          replied: 1,
          replied_at: eb.fn.coalesce('replied_at', sql.lit(now)),
          is_read: 1,
          read_at: eb.fn.coalesce('read_at', sql.lit(now)),
        }))
        .where('sheet_id', '=', sheetId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Sent again: everyone has it unread again. */
    async resetReads(sheetId: string): Promise<void> {
      await db
        .updateTable('contactsheet_people')
        .set({ is_read: 0, read_at: null })
        .where('sheet_id', '=', sheetId)
        .execute();
    },

    async readCount(sheetId: string): Promise<number> {
      const row = await db
        .selectFrom('contactsheet_people')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('sheet_id', '=', sheetId)
        .where('is_read', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async removePeople(sheetId: string, userIds: readonly string[]): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .deleteFrom('contactsheet_people')
        .where('sheet_id', '=', sheetId)
        .where('user_id', 'in', [...userIds])
        .execute();
    },

    async updatePerson(sheetId: string, userId: string, changes: { role: string; position: number }) {
      await db
        .updateTable('contactsheet_people')
        .set(changes)
        .where('sheet_id', '=', sheetId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Soft delete; answers how many were deleted (already deleted ones are not counted). */
    async softDelete(ids: readonly string[], userId: string, now: Timestamp): Promise<number> {
      let count = 0;
      for (const part of chunks([...new Set(ids)], ID_CHUNK)) {
        const result = await db
          .updateTable('contactsheets')
          .set({ deleted_at: now, deleted_by: userId, updated_at: now })
          .where('id', 'in', part)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        count += Number(result.numUpdatedRows);
      }
      return count;
    },

    /** The ids of a project's live sheets: all of them, or those one sender sent. */
    async liveIds(projectId: string, senderId: string | null): Promise<string[]> {
      let query = db
        .selectFrom('contactsheets')
        .select('id')
        .where('project_id', '=', projectId)
        .where('deleted_at', 'is', null);
      if (senderId) query = query.where('sender_id', '=', senderId);
      return (await query.execute()).map((row) => row.id);
    },
  };
}
export type ContactSheetsRepository = ReturnType<typeof createContactSheetsRepository>;
