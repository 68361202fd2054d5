import { type Insertable, type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { OrderBy } from '../../db/order';
import type { Timestamp } from '../../db/schema';
import type { NotificationsDatabase, QueryParamsTable, TodosTable } from './tables';

export type TodoRow = Selectable<TodosTable>;
export type TodoInsert = Insertable<TodosTable>;
export type QueryParamRow = Selectable<QueryParamsTable>;

export interface TodoFilter {
  where: RawBuilder<SqlBool> | null;
  /** Inclusive due-date bounds (YYYY-MM-DD); each present one also excludes undated items. */
  dueRanges: ReadonlyArray<{ from: string | null; to: string }>;
}

/** To-dos and stored queries: all their SQL. A user's list holds only their own open items. */
export function createTodosRepository(db: Kysely<NotificationsDatabase>) {
  function openOf(userId: string, filter: TodoFilter) {
    let query = db.selectFrom('todos').where('user_id', '=', userId).where('closed_at', 'is', null);
    if (filter.where) query = query.where(filter.where);
    for (const range of filter.dueRanges) {
      query = query.where('due_date', 'is not', null).where('due_date', '<=', range.to);
      if (range.from !== null) query = query.where('due_date', '>=', range.from);
    }
    return query;
  }

  return {
    /** The given users that exist (a user deleted meanwhile gets nothing). */
    async existingUserIds(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
      return rows.map((row) => row.id);
    },

    listOpen(
      userId: string,
      filter: TodoFilter,
      page: { order: OrderBy; skip: number; limit: number },
    ): Promise<TodoRow[]> {
      return openOf(userId, filter)
        .selectAll()
        .orderBy(sql.ref(page.order.column), page.order.direction)
        .orderBy('id', page.order.direction)
        .offset(page.skip)
        .limit(page.limit)
        .execute();
    },

    async countOpen(userId: string, filter: TodoFilter): Promise<number> {
      const { count } = await openOf(userId, filter)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** The open count of each given user (0 for those without any). */
    async openCounts(userIds: readonly string[]): Promise<Map<string, number>> {
      const counts = new Map(userIds.map((id) => [id, 0]));
      if (userIds.length === 0) return counts;
      const rows = await db
        .selectFrom('todos')
        .select(['user_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('user_id', 'in', userIds)
        .where('closed_at', 'is', null)
        .groupBy('user_id')
        .execute();
      for (const row of rows) counts.set(row.user_id, Number(row.count));
      return counts;
    },

    /** Inserts the items; an open item of the same user and record is refreshed instead (its id stays). */
    async upsertOpen(rows: readonly TodoInsert[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('todos')
        .values([...rows])
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'module', 'record_id'])
            .where('closed_at', 'is', null)
            .doUpdateSet((eb) => ({
              title: eb.ref('excluded.title'),
              content: eb.ref('excluded.content'),
              link: eb.ref('excluded.link'),
              project_id: eb.ref('excluded.project_id'),
              sender_id: eb.ref('excluded.sender_id'),
              query_param_id: eb.ref('excluded.query_param_id'),
              due_date: eb.ref('excluded.due_date'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
        )
        .execute();
    },

    /** Closes the record's open items (of the given users only, when given); answers whose were closed. */
    async closeOpen(
      target: { module: string; recordId: string; userIds: readonly string[] | null },
      now: Timestamp,
    ): Promise<string[]> {
      if (target.userIds?.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        let select = trx
          .selectFrom('todos')
          .select('user_id')
          .where('module', '=', target.module)
          .where('record_id', '=', target.recordId)
          .where('closed_at', 'is', null);
        if (target.userIds) select = select.where('user_id', 'in', target.userIds);
        const users = (await select.execute()).map((row) => row.user_id);
        if (users.length === 0) return [];
        await trx
          .updateTable('todos')
          .set({ closed_at: now, updated_at: now })
          .where('module', '=', target.module)
          .where('record_id', '=', target.recordId)
          .where('closed_at', 'is', null)
          .where('user_id', 'in', users)
          .execute();
        return users;
      });
    },

    findQueryParam(id: string): Promise<QueryParamRow | undefined> {
      return db.selectFrom('query_params').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findQueryParamIdByHash(hash: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('query_params')
        .select('id')
        .where('data_hash', '=', hash)
        .executeTakeFirst();
      return row?.id;
    },

    async insertQueryParam(row: Insertable<QueryParamsTable>): Promise<void> {
      await db.insertInto('query_params').values(row).execute();
    },
  };
}
export type TodosRepository = ReturnType<typeof createTodosRepository>;
