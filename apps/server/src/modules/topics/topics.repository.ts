import { type Insertable, type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { fromJson } from '../../db/json';
import type { OrderBy } from '../../db/order';
import { type Cursor, engineOf, orderedPage } from '../../db/paging';
import type { Timestamp } from '../../db/schema';
import { fileAttachments } from '../files/attachments';
import type {
  TopicLinksTable,
  TopicPeopleTable,
  TopicResponsesTable,
  TopicSettingKind,
  TopicSettingsTable,
  TopicsDatabase,
  TopicsTable,
} from './tables';

export type TopicRow = Selectable<TopicsTable>;
/** A topic as lists read it: every column but the content, which only the topic itself shows. */
export type SummaryRow = Omit<TopicRow, 'content' | 'viewport_id'>;
/** A list row with the caller's own flags on it (null: the caller has no people row on the topic). */
export type ListedRow = SummaryRow & { my_following: number | null; my_is_read: number | null };
export type PersonRow = Selectable<TopicPeopleTable>;
export type LinkRow = Selectable<TopicLinksTable>;
export type ResponseRow = Selectable<TopicResponsesTable>;
export type SettingRow = Selectable<TopicSettingsTable>;

/** The caller's own state on a topic of a list. */
export interface MyState {
  following: boolean;
  read: boolean;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}

const TRUE = sql<SqlBool>`1 = 1`;

/** Conditions ANDed; every list query aliases the topic `t`. */
export function allOf(parts: ReadonlyArray<RawBuilder<SqlBool>>): RawBuilder<SqlBool> {
  if (parts.length === 0) return TRUE;
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/**
 * The list's building blocks as SQL over `topics t`, kept here with the rest of the SQL: the service
 * chooses and combines them.
 */
export const topicConditions = {
  /** Topics in which the user has a people row with one of these flags set. */
  personFlag(
    projectId: string,
    userId: string,
    flags: ReadonlyArray<'mentioned' | 'participant' | 'following' | 'is_read'>,
  ): RawBuilder<SqlBool> {
    const any = sql.join(
      flags.map((flag) => sql`${sql.ref(flag)} = 1`),
      sql` OR `,
    );
    return sql<SqlBool>`t.id IN (SELECT topic_id FROM topic_people WHERE user_id = ${userId} AND project_id = ${projectId} AND (${any}))`;
  },
  not(condition: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
    return sql<SqlBool>`NOT (${condition})`;
  },
  any(parts: ReadonlyArray<RawBuilder<SqlBool>>): RawBuilder<SqlBool> {
    if (parts.length === 0) return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
  },
  creatorIs(userId: string): RawBuilder<SqlBool> {
    return sql<SqlBool>`t.creator_id = ${userId}`;
  },
  creatorIn(userIds: readonly string[]): RawBuilder<SqlBool> {
    if (userIds.length === 0) return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`t.creator_id IN (${sql.join([...userIds])})`;
  },
  /** Linked to an element of one of these models. */
  linkedToModels(projectId: string, modelIds: readonly string[]): RawBuilder<SqlBool> {
    return sql<SqlBool>`t.id IN (SELECT topic_id FROM topic_links WHERE project_id = ${projectId} AND type = 'element' AND model_id IN (${sql.join([...modelIds])}))`;
  },
  /** Linked to this element (by GlobalId; of this model when given). */
  linkedToElement(projectId: string, globalId: string, modelId: string | null): RawBuilder<SqlBool> {
    const model = modelId === null ? sql`` : sql` AND model_id = ${modelId}`;
    return sql<SqlBool>`t.id IN (SELECT topic_id FROM topic_links WHERE project_id = ${projectId} AND type = 'element' AND global_id = ${globalId}${model})`;
  },
  /**
   * A delay range: processing topics by deadline (`from`/`to` inclusive, null for open; `withoutDeadline`
   * lets those with none in), completed ones by the days late frozen at completion.
   */
  delay(range: {
    from: string | null;
    to: string | null;
    withoutDeadline: boolean;
    minDays: number;
    maxDays: number | null;
  }): RawBuilder<SqlBool> {
    const deadline: RawBuilder<SqlBool>[] = [sql<SqlBool>`t.deadline IS NOT NULL`];
    if (range.from !== null) deadline.push(sql<SqlBool>`t.deadline >= ${range.from}`);
    if (range.to !== null) deadline.push(sql<SqlBool>`t.deadline <= ${range.to}`);
    const processing = range.withoutDeadline
      ? sql<SqlBool>`(t.deadline IS NULL OR ${allOf(deadline)})`
      : allOf(deadline);
    const completed: RawBuilder<SqlBool>[] = [sql<SqlBool>`t.completed_delay_days >= ${range.minDays}`];
    if (range.maxDays !== null) completed.push(sql<SqlBool>`t.completed_delay_days <= ${range.maxDays}`);
    return sql<SqlBool>`((t.status = 'processing' AND ${processing}) OR (t.status = 'completed' AND ${allOf(completed)}))`;
  },
};

/** Order columns that may be NULL (a deadline): their cursors may carry NULL (db/paging.ts). */
export const NULLABLE_ORDER: ReadonlySet<string> = new Set(['t.deadline']);

const SUMMARY_COLUMNS = [
  't.id',
  't.project_id',
  't.number',
  't.name',
  't.domain_id',
  't.species_id',
  't.subcontract_id',
  't.creator_id',
  't.priority',
  't.status',
  't.deadline',
  't.completed_at',
  't.completed_delay_days',
  't.mentions',
  't.participants',
  't.images',
  't.link_count',
  't.response_count',
  't.created_at',
  't.updated_at',
] as const satisfies ReadonlyArray<`t.${Exclude<keyof TopicsTable, 'content'>}`>;

/** All SQL of the topics. */
/** The owner key of a topic's files (its images, file links and its responses' images) in the files module. */
export const TOPIC_FILES = 'topics';

export function createTopicsRepository(db: Kysely<TopicsDatabase>) {
  const engine = engineOf(db);
  /**
   * Tells the files module which files the topic shows (issue 14): its images, its file links and the
   * images of its responses. Called in the transaction that changes any of them.
   */
  async function syncFiles(topicId: string): Promise<void> {
    // One after another: in a PostgreSQL transaction they share one connection anyway.
    const topic = await db.selectFrom('topics').select('images').where('id', '=', topicId).executeTakeFirst();
    const links = await db
      .selectFrom('topic_links')
      .select('target_id')
      .where('topic_id', '=', topicId)
      .where('type', '=', 'file')
      .execute();
    const responses = await db
      .selectFrom('topic_responses')
      .select('images')
      .where('topic_id', '=', topicId)
      .execute();
    const ids = [
      ...fromJson<string[]>(topic?.images, []),
      ...links.flatMap((link) => (link.target_id ? [link.target_id] : [])),
      ...responses.flatMap((response) => fromJson<string[]>(response.images, [])),
    ];
    await fileAttachments.set(db, TOPIC_FILES, topicId, ids);
  }

  const unfiltered = () => db.selectFrom('topics as t');
  function filtered(projectId: string, where: RawBuilder<SqlBool>) {
    return unfiltered().where('t.project_id', '=', projectId).where(where);
  }
  /** The summary columns and the caller's own flags (`topic_people` by its key). */
  function withMine(query: ReturnType<typeof unfiltered>, userId: string) {
    return query
      .leftJoin('topic_people as me', (join) =>
        join.onRef('me.topic_id', '=', 't.id').on('me.user_id', '=', userId),
      )
      .select(SUMMARY_COLUMNS)
      .select(['me.following as my_following', 'me.is_read as my_is_read']);
  }

  return {
    // ── topics ──

    /** The next number of the project (1 for its first topic). Call inside the creating transaction. */
    async nextNumber(projectId: string): Promise<number> {
      const row = await db
        .insertInto('topic_counters')
        .values({ project_id: projectId, last_number: 1 })
        .onConflict((oc) =>
          oc.column('project_id').doUpdateSet((eb) => ({
            last_number: eb(eb.ref('topic_counters.last_number'), '+', 1),
          })),
        )
        .returning('last_number')
        .executeTakeFirstOrThrow();
      return Number(row.last_number);
    },

    async insertTopic(topic: Insertable<TopicsTable>): Promise<void> {
      await db.insertInto('topics').values(topic).execute();
    },

    find(id: string): Promise<TopicRow | undefined> {
      return db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async updateTopic(id: string, changes: Partial<Insertable<TopicsTable>>): Promise<void> {
      await db.updateTable('topics').set(changes).where('id', '=', id).execute();
    },

    async deleteTopic(id: string): Promise<boolean> {
      const result = await db.deleteFrom('topics').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * One page of list rows in order, with the caller's following and read flags (one join, not a query
     * more): after a cursor (a range of the (project_id, created_at, id) index), or at `skip` — a deep one
     * reads its ids from that index alone first, in the same query (db/paging.ts).
     */
    pageRows(
      projectId: string,
      userId: string,
      where: RawBuilder<SqlBool>,
      order: OrderBy,
      skip: number,
      limit: number,
      after?: Cursor,
    ): Promise<ListedRow[]> {
      return orderedPage(
        {
          rows: withMine(filtered(projectId, where), userId),
          ids: () => filtered(projectId, where).select('t.id'),
          byId: () => withMine(unfiltered(), userId),
        },
        { engine, order, idColumn: 't.id', nullable: NULLABLE_ORDER.has(order.column), skip, limit, after },
      ).execute();
    },

    async count(projectId: string, where: RawBuilder<SqlBool>): Promise<number> {
      const row = await filtered(projectId, where)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    // ── people ──

    people(topicId: string): Promise<PersonRow[]> {
      return db
        .selectFrom('topic_people')
        .selectAll()
        .where('topic_id', '=', topicId)
        .orderBy('user_id')
        .execute();
    },

    person(topicId: string, userId: string): Promise<PersonRow | undefined> {
      return db
        .selectFrom('topic_people')
        .selectAll()
        .where('topic_id', '=', topicId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async insertPeople(rows: readonly Insertable<TopicPeopleTable>[]): Promise<void> {
      for (const part of chunks(rows, 200)) {
        await db.insertInto('topic_people').values(part).execute();
      }
    },

    async updatePerson(
      topicId: string,
      userId: string,
      changes: Partial<Pick<PersonRow, 'mentioned' | 'participant' | 'following' | 'is_read' | 'read_at'>>,
    ): Promise<void> {
      await db
        .updateTable('topic_people')
        .set(changes)
        .where('topic_id', '=', topicId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Read (or follow) by a user who may have no row yet. */
    async upsertPerson(
      row: Insertable<TopicPeopleTable>,
      changes: Partial<Pick<PersonRow, 'following' | 'is_read' | 'read_at'>>,
    ): Promise<void> {
      await db
        .insertInto('topic_people')
        .values(row)
        .onConflict((oc) => oc.columns(['topic_id', 'user_id']).doUpdateSet(changes))
        .execute();
    },

    /** Someone changed or answered it: everyone else has something new to read. */
    async markUnreadExcept(topicId: string, userId: string): Promise<void> {
      await db
        .updateTable('topic_people')
        .set({ is_read: 0 })
        .where('topic_id', '=', topicId)
        .where('user_id', '<>', userId)
        .where('is_read', '=', 1)
        .execute();
    },

    /** Rows left with no role, no follow and no read carry nothing: removed. */
    async prunePeople(topicId: string): Promise<void> {
      await db
        .deleteFrom('topic_people')
        .where('topic_id', '=', topicId)
        .where('mentioned', '=', 0)
        .where('participant', '=', 0)
        .where('following', '=', 0)
        .where('is_read', '=', 0)
        .execute();
    },

    // ── links ──

    links(topicId: string): Promise<LinkRow[]> {
      return db
        .selectFrom('topic_links')
        .selectAll()
        .where('topic_id', '=', topicId)
        .orderBy('position')
        .execute();
    },

    async replaceLinks(topicId: string, rows: readonly Insertable<TopicLinksTable>[]): Promise<void> {
      await db.deleteFrom('topic_links').where('topic_id', '=', topicId).execute();
      for (const part of chunks(rows, 100)) await db.insertInto('topic_links').values(part).execute();
    },

    // ── responses ──

    responses(topicId: string, skip: number, limit: number): Promise<ResponseRow[]> {
      return db
        .selectFrom('topic_responses')
        .selectAll()
        .where('topic_id', '=', topicId)
        .orderBy('created_at')
        .orderBy('id')
        .offset(skip)
        .limit(limit)
        .execute();
    },

    async countResponses(topicId: string): Promise<number> {
      const row = await db
        .selectFrom('topic_responses')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('topic_id', '=', topicId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findResponse(id: string): Promise<ResponseRow | undefined> {
      return db.selectFrom('topic_responses').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertResponse(row: Insertable<TopicResponsesTable>, at: Timestamp): Promise<void> {
      await db.insertInto('topic_responses').values(row).execute();
      await db
        .updateTable('topics')
        .set((eb) => ({ response_count: eb(eb.ref('response_count'), '+', 1), updated_at: at }))
        .where('id', '=', row.topic_id)
        .execute();
      await syncFiles(row.topic_id);
    },

    syncFiles,

    async deleteResponse(id: string, topicId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('topic_responses')
        .where('id', '=', id)
        .where('topic_id', '=', topicId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await syncFiles(topicId);
      await db
        .updateTable('topics')
        .set((eb) => ({ response_count: eb(eb.ref('response_count'), '-', 1) }))
        .where('id', '=', topicId)
        .execute();
      return true;
    },

    // ── settings ──

    settings(projectId: string, kind: TopicSettingKind): Promise<SettingRow[]> {
      return db
        .selectFrom('topic_settings')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('kind', '=', kind)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    findSetting(id: string): Promise<SettingRow | undefined> {
      return db.selectFrom('topic_settings').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async nextSettingOrder(projectId: string, kind: TopicSettingKind): Promise<number> {
      const row = await db
        .selectFrom('topic_settings')
        .select((eb) => eb.fn.max('sort_order').as('max'))
        .where('project_id', '=', projectId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
    },

    async insertSetting(row: Insertable<TopicSettingsTable>): Promise<void> {
      await db.insertInto('topic_settings').values(row).execute();
    },

    async updateSetting(
      id: string,
      changes: Partial<Pick<SettingRow, 'name' | 'sort_order'>>,
      at: Timestamp,
    ): Promise<void> {
      await db
        .updateTable('topic_settings')
        .set({ ...changes, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async deleteSetting(id: string): Promise<void> {
      await db.deleteFrom('topic_settings').where('id', '=', id).execute();
    },

    /** Topics per species (or subcontract) of a project. */
    async settingUsage(projectId: string, kind: TopicSettingKind): Promise<Map<string, number>> {
      const column = kind === 'species' ? 'species_id' : 'subcontract_id';
      const rows = await db
        .selectFrom('topics')
        .select([
          sql.ref<string | null>(column).as('setting_id'),
          (eb) => eb.fn.countAll<number>().as('count'),
        ])
        .where('project_id', '=', projectId)
        .where(sql.ref(column), 'is not', null)
        .groupBy(sql.ref(column))
        .execute();
      return new Map(rows.flatMap((row) => (row.setting_id ? [[row.setting_id, Number(row.count)]] : [])));
    },

    /** How many topics use a species, subcontract or discipline, and the first few numbers of them. */
    async usage(
      column: 'species_id' | 'subcontract_id' | 'domain_id',
      id: string,
      examples: number,
    ): Promise<{ count: number; numbers: number[] }> {
      const count = await db
        .selectFrom('topics')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(column, '=', id)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('topics')
        .select('number')
        .where(column, '=', id)
        .orderBy('number')
        .limit(examples)
        .execute();
      return { count: Number(count.count), numbers: rows.map((row) => Number(row.number)) };
    },
  };
}
export type TopicsRepository = ReturnType<typeof createTopicsRepository>;
