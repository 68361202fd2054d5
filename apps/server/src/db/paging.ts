import { NEXT_CURSOR_HEADER } from '@lintel/contracts';
import {
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  SqliteAdapter,
  sql,
} from 'kysely';
import { AppError } from '../plugins/app-error';
import type { Engine } from './engine';
import type { OrderBy } from './order';

/**
 * Pages of a list without walking the rows they skip (issue 15 §3), on both engines, correct under
 * concurrent writes:
 *
 * - **Keyset** (`after=<cursor>`): a full page answers, in the NEXT_CURSOR_HEADER header, an opaque cursor
 *   of its last row (its sort key and id); the next page asks for the rows after it — a range of the
 *   list's (filter…, order column, id) index, as cheap as a first page however deep. Rows inserted or
 *   deleted meanwhile never shift it: a row is neither repeated nor lost when paging on.
 * - **Deferred join** (a direct jump to `skip`): the page's ids are read from the covering index alone
 *   (`id IN (SELECT id … ORDER BY … LIMIT … OFFSET …)`), then only those rows; the skipped rows are never
 *   read, though their index entries are still counted (no index can skip n entries without counting
 *   them). One query, consistent by itself.
 *
 * A cursor names its order (column, direction): sent with another order, or tampered into something that
 * is not a cursor, it is a 400 `common.badCursor`. It carries no rights: the list's own conditions still
 * apply to every row after it.
 */

/** Above this skip, a page reads its ids first from the index (the deferred join). */
export const DEFERRED_JOIN_FROM_SKIP = 100;
/** Longer `after` values are refused by the query schema (contracts afterCursorSchema). */
type SortKey = string | number | null;

export interface PageOptions {
  engine: Engine;
  /** A column reference from the endpoint's whitelist (as in OrderBy). */
  order: OrderBy;
  /** The id column of the listed table, as the query names it (`t.id`): the tie-break of every order. */
  idColumn: string;
  /** The order column may hold NULL (a deadline). */
  nullable: boolean;
  skip: number;
  limit: number;
  /** The decoded `after` cursor (decodeCursor), or undefined for a page by skip alone. */
  after?: Cursor | undefined;
}

export interface Cursor {
  key: SortKey;
  id: string;
}

const ID = /^[0-9a-f]{24}$/;

/** The engine behind a Kysely instance (a transaction's too), for repositories made from `db` alone. */
// biome-ignore lint/suspicious/noExplicitAny: only the adapter is read
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

function badCursor(): AppError {
  return new AppError(400, 'common.badCursor', {
    details: [{ path: 'query.after', key: 'common.badCursor' }],
  });
}

/** The cursor after `row` (its sort key and id) for this order: what the next page sends as `after`. */
export function encodeCursor(order: OrderBy, key: unknown, id: string): string {
  const value = key === undefined ? null : (key as SortKey);
  return Buffer.from(JSON.stringify([order.column, order.direction, value, id])).toString('base64url');
}

/** The `after` parameter, checked against the order it is used with; 400 common.badCursor otherwise. */
export function decodeCursor(text: string, order: OrderBy, nullable: boolean): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw badCursor();
  const [column, direction, key, id] = parsed as unknown[];
  if (column !== order.column || direction !== order.direction) throw badCursor();
  if (typeof id !== 'string' || !ID.test(id)) throw badCursor();
  const keyOk =
    typeof key === 'string' ||
    (typeof key === 'number' && Number.isFinite(key)) ||
    (key === null && nullable);
  if (!keyOk) throw badCursor();
  return { key: key as SortKey, id };
}

/**
 * The rows after the cursor in (order column, id) order. NULLs: SQLite sorts them first ascending and last
 * descending, PostgreSQL the other way round; the condition follows the engine so that a cursor continues
 * exactly the order the engine answers.
 */
export function afterCondition(
  options: Pick<PageOptions, 'engine' | 'order' | 'idColumn' | 'nullable'>,
  cursor: Cursor,
): RawBuilder<SqlBool> {
  const { engine, order, idColumn, nullable } = options;
  const column = sql.ref(order.column);
  const id = sql.ref(idColumn);
  const beyond = sql.raw(order.direction === 'desc' ? '<' : '>');
  const nullsFirst = (engine === 'sqlite') === (order.direction === 'asc');
  if (cursor.key === null) {
    // Among the NULLs, by id; then, if NULLs come first, every non-NULL row.
    const nulls = sql<SqlBool>`(${column} IS NULL AND ${id} ${beyond} ${cursor.id})`;
    return nullsFirst ? sql<SqlBool>`(${nulls} OR ${column} IS NOT NULL)` : nulls;
  }
  // A row value comparison: one range of the (…, column, id) index on both engines.
  const rows = sql<SqlBool>`(${column}, ${id}) ${beyond} (${cursor.key}, ${cursor.id})`;
  return nullable && !nullsFirst ? sql<SqlBool>`(${rows} OR ${column} IS NULL)` : rows;
}

/** The three shapes of one list query that orderedPage needs, all built by the caller from one filter. */
// biome-ignore lint/suspicious/noExplicitAny: any list's query; only the selection's row type matters here
type AnySelect<O> = SelectQueryBuilder<any, any, O>;

export interface PageQueries<O> {
  /** The filtered list selecting what the page shows. */
  rows: AnySelect<O>;
  /** The same filtered list selecting only the id column (the deferred join's inner query). */
  ids: () => AnySelect<unknown>;
  /**
   * What the page shows, without the filter: the outer query of the deferred join. Without the filter on
   * it SQLite reads the rows by id (the filter's index would have it walk the list again: 20 ms, not 3).
   */
  byId: () => AnySelect<O>;
}

/** One ordered page as described above: after a cursor, by a deferred join for a deep skip, or plainly. */
export function orderedPage<O>(queries: PageQueries<O>, options: PageOptions): AnySelect<O> {
  const { order, idColumn, skip, limit, after } = options;
  const column = sql.ref(order.column);
  const id = sql.ref(idColumn);
  const ordered = (q: AnySelect<O>) => q.orderBy(column, order.direction).orderBy(id, order.direction);
  const condition = after ? afterCondition(options, after) : null;
  if (skip < DEFERRED_JOIN_FROM_SKIP) {
    return ordered(condition ? queries.rows.where(condition) : queries.rows)
      .offset(skip)
      .limit(limit);
  }
  const ids = condition ? queries.ids().where(condition) : queries.ids();
  const pageIds = ids.orderBy(column, order.direction).orderBy(id, order.direction).offset(skip).limit(limit);
  return ordered(queries.byId().where(sql<SqlBool>`${id} IN (${pageIds})`));
}

const NEXT = Symbol('nextCursor');
/** A page of a list as a service answers it: the rows, and the cursor after the last (a full page). */
export type Page<T> = T[] & { [NEXT]?: string };

export function pageOf<T>(rows: T[], next: string | undefined): Page<T> {
  const page = rows as Page<T>;
  if (next !== undefined) page[NEXT] = next;
  return page;
}

/**
 * Tells the client the cursor of the next page (contracts NEXT_CURSOR_HEADER) when the answer is a full
 * page; answers the value unchanged. Routes call it on what the service answered.
 */
export function withNextCursor<T>(reply: { header(name: string, value: string): unknown }, answer: T): T {
  const next = Array.isArray(answer) ? (answer as Page<unknown>)[NEXT] : undefined;
  if (next !== undefined) reply.header(NEXT_CURSOR_HEADER, next);
  return answer;
}
