import { type CountResult, siteDate } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import type { ScopeValue } from '@lintel/contracts/permissions';
import {
  DEFAULT_TOPIC_ORDER,
  delayFilterDays,
  processingDeadlineRange,
  type Topic,
  type TopicCategory,
  type TopicSummary,
} from '@lintel/contracts/topics';
import type { RawBuilder, SqlBool } from 'kysely';
import { parseOrder } from '../../db/order';
import { type Cursor, decodeCursor, encodeCursor, type Page, pageOf } from '../../db/paging';
import { compileWhere, parseWhereQuery } from '../../db/where';
import { AppError } from '../../plugins/app-error';
import {
  ENTITY_TOPICS_MAX,
  type ListQuery,
  need,
  ORDER,
  TOPIC_FILTERS,
  TOPICS_MODULE,
  type TopicContext,
} from './topics.context';
import { markRead } from './topics.people';
import { allOf, type ListedRow, NULLABLE_ORDER, topicConditions } from './topics.repository';

/** Reading topics: the list (with its export), one topic (which reads it), the topics of a model element. */
export function createTopicReads(ctx: TopicContext) {
  const {
    engine,
    clock,
    access,
    authorize,
    readNotifications,
    repository,
    project,
    now,
    quietly,
    scopeOf,
    visibility,
    open,
    summaries,
    present,
  } = ctx;

  /** The list's whole condition: view scope, category, delay, unread, models and `where`. */
  async function listCondition(
    user: User,
    projectId: string,
    scope: ScopeValue,
    query: Pick<ListQuery, 'where' | 'category' | 'mine' | 'delay' | 'unRead' | 'modelIds'>,
  ): Promise<RawBuilder<SqlBool>> {
    const node = parseWhereQuery(query.where, TOPIC_FILTERS);
    const parts: RawBuilder<SqlBool>[] = [];
    const seen = await visibility(user, projectId, scope);
    if (seen) parts.push(seen);
    if (node) parts.push(compileWhere(node, TOPIC_FILTERS, engine));
    const category: TopicCategory = query.mine ? 'mine' : (query.category ?? 'all');
    if (category === 'mine') {
      parts.push(topicConditions.personFlag(projectId, user._id, ['mentioned', 'participant']));
    } else if (category === 'created') {
      parts.push(topicConditions.creatorIs(user._id));
    } else if (category === 'following') {
      parts.push(topicConditions.personFlag(projectId, user._id, ['following']));
    }
    if (query.delay) {
      const days = delayFilterDays(query.delay);
      const range = processingDeadlineRange(query.delay, siteDate(clock.now()));
      parts.push(topicConditions.delay({ ...range, minDays: days.min, maxDays: days.max }));
    }
    if (query.unRead) {
      parts.push(topicConditions.not(topicConditions.personFlag(projectId, user._id, ['is_read'])));
    }
    if (query.modelIds?.length) parts.push(topicConditions.linkedToModels(projectId, query.modelIds));
    return allOf(parts);
  }

  function listOrder(query: Pick<ListQuery, 'order'>) {
    return parseOrder(query.order ?? DEFAULT_TOPIC_ORDER, ORDER, {
      column: ORDER.createdAt,
      direction: 'desc',
    });
  }
  type Order = ReturnType<typeof listOrder>;
  /** The sort key of a list row under `order` (the column without its `t.` alias). */
  const sortKey = (row: ListedRow, order: Order) => row[order.column.slice(2) as keyof ListedRow];
  const cursorAfter = (row: ListedRow, order: Order) => encodeCursor(order, sortKey(row, order), row.id);

  return {
    /** A page of the list (with the cursor of its last row when full: db/paging.ts), or its count. */
    async list(user: User, projectId: string, query: ListQuery): Promise<Page<TopicSummary> | CountResult> {
      const order = listOrder(query);
      // Checked before anything is read: a bad cursor is a 400 whoever asks.
      const after = query.after
        ? decodeCursor(query.after, order, NULLABLE_ORDER.has(order.column))
        : undefined;
      const scope = await access.requireScopeRole(user, project(projectId), need('view'));
      const where = await listCondition(user, projectId, await scopeOf(user, projectId, scope), query);
      if (query.only_count) return { count: await repository.count(projectId, where) };
      const rows = await repository.pageRows(
        projectId,
        user._id,
        where,
        order,
        query.skip,
        query.limit,
        after,
      );
      const last = rows.length === query.limit ? rows.at(-1) : undefined;
      return pageOf(
        await summaries(projectId, rows, query.expand === true),
        last && cursorAfter(last, order),
      );
    },

    /**
     * The export's rows, in the list's order, batch by batch: `null` when the caller lacks the export
     * right is never returned — that is a 403; more than `max` rows is a 400.
     */
    async exportRows(
      user: User,
      projectId: string,
      query: ListQuery,
      max: number,
    ): Promise<{ count: number; batches: () => AsyncGenerator<TopicSummary[]> }> {
      const scope = await access.requireScopeRole(user, project(projectId), need('view'));
      if (!(await authorize(user, projectId, TOPICS_MODULE, 'export'))) {
        throw new AppError(403, 'common.forbidden');
      }
      const where = await listCondition(user, projectId, await scopeOf(user, projectId, scope), query);
      const count = await repository.count(projectId, where);
      if (count > max) throw new AppError(400, 'topics.exportTooLarge', { params: { max } });
      const order = listOrder(query);
      const nullable = NULLABLE_ORDER.has(order.column);
      const batch = 1000;
      return {
        count,
        // Batch after batch by cursor: none walks the rows before it, and a topic written meanwhile
        // neither repeats nor pushes one out.
        async *batches() {
          let after: Cursor | undefined;
          for (let read = 0; read < count; read += batch) {
            const rows = await repository.pageRows(projectId, user._id, where, order, 0, batch, after);
            if (rows.length === 0) return;
            yield await summaries(projectId, rows, true);
            after = decodeCursor(cursorAfter(rows.at(-1)!, order), order, nullable);
          }
        },
      };
    },

    /** GET topics/{id}: reading it marks it read for the caller (and their notifications about it). */
    async detail(user: User, id: string, expand: boolean): Promise<Topic> {
      const opened = await open(user, id);
      if (opened.person?.is_read !== 1 && opened.scope.role !== null) {
        await markRead(repository, opened.row, user._id, now());
        await quietly('could not mark the notifications of a topic read', id, () =>
          readNotifications(user, id),
        );
      }
      // The caller's read flag is read afresh by present(); nothing else of `opened` changed.
      return present(user, opened, expand);
    },

    /** Topics linked to a model element (GlobalId), newest first, within the caller's view scope. */
    async ofEntity(
      user: User,
      projectId: string,
      globalId: string,
      modelId: string | null,
      expand: boolean,
    ): Promise<TopicSummary[]> {
      const scope = await access.requireScopeRole(user, project(projectId), need('view'));
      const seen = await visibility(user, projectId, await scopeOf(user, projectId, scope));
      const where = allOf([
        ...(seen ? [seen] : []),
        topicConditions.linkedToElement(projectId, globalId, modelId),
      ]);
      const rows = await repository.pageRows(
        projectId,
        user._id,
        where,
        { column: ORDER.createdAt, direction: 'desc' },
        0,
        ENTITY_TOPICS_MAX,
      );
      return summaries(projectId, rows, expand);
    },
  };
}
