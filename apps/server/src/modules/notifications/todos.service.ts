import { createHash } from 'node:crypto';
import { type CountResult, parseWhere } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import {
  QUERY_PARAM_MAX_BYTES,
  TODO_DELAYS,
  type Todo,
  type TodoDelay,
  todoDelayRange,
  type todosQuerySchema,
} from '@lintel/contracts/notifications';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { fromJson, toJson } from '../../db/json';
import { parseOrder } from '../../db/order';
import type { Database } from '../../db/schema';
import { compileWhere, type FilterSpec, parseWhereQuery, whereFields } from '../../db/where';
import type { Events } from '../../events/index';
import { AppError } from '../../plugins/app-error';
import { userChannel } from './channels';
import { chunks } from './chunks';
import { parseTodoInput, type TodoInput } from './notifications.inputs';
import { presentTodo } from './notifications.presenter';
import { withNotificationTables } from './tables';
import { createTodosRepository, type TodoFilter, type TodoRow } from './todos.repository';

/** The `where` whitelist of GET todos (and of a stored query's `where`). */
export const TODO_FILTERS: FilterSpec = {
  module: { type: 'string', column: 'todos.module' },
  projectId: { type: 'string', column: 'todos.project_id' },
  recordId: { type: 'string', column: 'todos.record_id' },
  senderId: { type: 'string', column: 'todos.sender_id' },
  title: { type: 'string', column: 'todos.title' },
  dueDate: { type: 'date', column: 'todos.due_date' },
  createdAt: { type: 'date', column: 'todos.created_at' },
};
const TODO_ORDER = { createdAt: 'todos.created_at', dueDate: 'todos.due_date', _id: 'todos.id' } as const;

const INSERT_CHUNK = 500;
const ID_CHUNK = 1000;

type TodosQuery = z.output<typeof todosQuerySchema>;

export interface TodosServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  events: Events;
  log: FastifyBaseLogger;
}

/**
 * To-dos (base-service GET todos, spec 001 §7): what waits for a user across modules. A module adds an item
 * per user and record and closes it when it is done; the user only reads their open items. Stored queries
 * (POST queryParams) let an item or a link carry a filter by id.
 */
export function createTodosService({ db, engine, clock, events, log }: TodosServiceDeps) {
  const repository = createTodosRepository(withNotificationTables(db));
  const today = () => clock.now().toISOString().slice(0, 10);

  /** The open counts go to each user's streams (the pending tab's number); failures are only logged. */
  async function publishCounts(userIds: readonly string[]): Promise<void> {
    for (const part of chunks(userIds, ID_CHUNK)) {
      const counts = await repository.openCounts(part);
      for (const [userId, count] of counts) {
        events.publish(userChannel(userId), { type: 'todos', count }).catch((error: unknown) => {
          log.warn({ err: error }, 'could not publish a live event');
        });
      }
    }
  }

  /** A stored query's `where` and `delay`, checked against the to-dos' whitelist. */
  async function storedQuery(
    id: string,
  ): Promise<{ where: RawBuilder<SqlBool> | null; delay: TodoDelay | null }> {
    const row = await repository.findQueryParam(id);
    if (!row) throw new AppError(404, 'notifications.queryParamNotFound');
    const data = fromJson<Record<string, unknown>>(row.data, {});
    const invalid = () => new AppError(400, 'notifications.queryParamInvalid');
    let where: RawBuilder<SqlBool> | null = null;
    if (data.where !== undefined && data.where !== null) {
      const parsed = parseWhere(JSON.stringify(data.where), whereFields(TODO_FILTERS));
      if (!parsed.ok) throw invalid();
      where = parsed.where ? compileWhere(parsed.where, TODO_FILTERS, engine) : null;
    }
    let delay: TodoDelay | null = null;
    if (data.delay !== undefined && data.delay !== null) {
      if (!(TODO_DELAYS as readonly unknown[]).includes(data.delay)) throw invalid();
      delay = data.delay as TodoDelay;
    }
    return { where, delay };
  }

  async function filterOf(query: TodosQuery): Promise<TodoFilter> {
    const node = parseWhereQuery(query.where, TODO_FILTERS);
    const wheres: Array<RawBuilder<SqlBool>> = node ? [compileWhere(node, TODO_FILTERS, engine)] : [];
    const delays: TodoDelay[] = query.delay ? [query.delay] : [];
    if (query.queryParam) {
      const stored = await storedQuery(query.queryParam);
      if (stored.where) wheres.push(stored.where);
      if (stored.delay) delays.push(stored.delay);
    }
    const day = today();
    return {
      where: wheres.length === 0 ? null : wheres.length === 1 ? wheres[0]! : andAll(wheres),
      dueRanges: delays.map((delay) => todoDelayRange(delay, day)),
    };
  }

  return {
    async list(user: User, query: TodosQuery): Promise<Todo[] | CountResult> {
      const filter = await filterOf(query);
      if (query.only_count) return { count: await repository.countOpen(user._id, filter) };
      const order = parseOrder(query.order, TODO_ORDER, { column: TODO_ORDER.createdAt, direction: 'desc' });
      const rows = await repository.listOpen(user._id, filter, {
        order,
        skip: query.skip,
        limit: query.limit,
      });
      const day = today();
      return rows.map((row) => presentTodo(row, day));
    },

    async openCount(userId: string): Promise<number> {
      return (await repository.openCounts([userId])).get(userId) ?? 0;
    },

    /**
     * Stores `data` (≤ QUERY_PARAM_MAX_BYTES of JSON) and answers its id; the same data stored again answers
     * the same id. 413 notifications.queryParamTooLarge beyond the limit.
     */
    async createQueryParam(user: User, data: Record<string, unknown>): Promise<{ _id: string }> {
      const json = toJson(data);
      if (Buffer.byteLength(json, 'utf8') > QUERY_PARAM_MAX_BYTES) {
        throw new AppError(413, 'notifications.queryParamTooLarge', {
          params: { limit: QUERY_PARAM_MAX_BYTES },
        });
      }
      const hash = createHash('sha256').update(json, 'utf8').digest('hex');
      const existing = await repository.findQueryParamIdByHash(hash);
      if (existing) return { _id: existing };
      const now = clock.now();
      const id = newId(now.getTime());
      try {
        await repository.insertQueryParam({
          id,
          user_id: user._id,
          data: json,
          data_hash: hash,
          created_at: now.toISOString(),
        });
      } catch (error) {
        // Stored by a concurrent request meanwhile: that row is the answer.
        const raced = isUniqueViolation(error) ? await repository.findQueryParamIdByHash(hash) : undefined;
        if (!raced) throw error;
        return { _id: raced };
      }
      return { _id: id };
    },

    /**
     * THE PRODUCER: an open item for each user (duplicates and deleted accounts skipped); a user who already
     * has one for this record gets it refreshed (title, due date, …) instead of a second. Answers how many
     * users now have it. 400 notifications.unknownModule, 404 notifications.queryParamNotFound.
     */
    async addTodo(userIds: readonly string[], input: TodoInput): Promise<number> {
      const parsed = parseTodoInput(input);
      if (parsed.queryParam && !(await repository.findQueryParam(parsed.queryParam))) {
        throw new AppError(404, 'notifications.queryParamNotFound');
      }
      const receivers: string[] = [];
      for (const part of chunks([...new Set(userIds)], ID_CHUNK)) {
        receivers.push(...(await repository.existingUserIds(part)));
      }
      if (receivers.length === 0) return 0;
      const now = clock.now();
      const at = now.toISOString();
      const rows: TodoRow[] = receivers.map((userId) => ({
        id: newId(now.getTime()),
        user_id: userId,
        module: parsed.module,
        record_id: parsed.recordId,
        title: parsed.title,
        content: parsed.content,
        link: parsed.link,
        project_id: parsed.projectId ?? null,
        sender_id: parsed.senderId ?? null,
        query_param_id: parsed.queryParam ?? null,
        due_date: parsed.dueDate ?? null,
        created_at: at,
        updated_at: at,
        closed_at: null,
      }));
      await db.transaction().execute(async (trx) => {
        const inTransaction = createTodosRepository(withNotificationTables(trx));
        for (const part of chunks(rows, INSERT_CHUNK)) await inTransaction.upsertOpen(part);
      });
      await publishCounts(receivers);
      return receivers.length;
    },

    /**
     * Closes the record's open items: of the given users, or of everyone when `userIds` is absent. Answers
     * how many were closed. Closing what is not open is not an error (the module may close twice).
     */
    async closeTodo(target: {
      module: TodoInput['module'];
      recordId: string;
      userIds?: readonly string[];
    }): Promise<number> {
      const at = clock.now().toISOString();
      const groups = target.userIds ? chunks([...new Set(target.userIds)], ID_CHUNK) : [null];
      const closed: string[] = [];
      for (const userIds of groups) {
        closed.push(
          ...(await repository.closeOpen({ module: target.module, recordId: target.recordId, userIds }, at)),
        );
      }
      if (closed.length > 0) await publishCounts(closed);
      return closed.length;
    },
  };
}
export type TodosService = ReturnType<typeof createTodosService>;

function andAll(parts: ReadonlyArray<RawBuilder<SqlBool>>): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}
