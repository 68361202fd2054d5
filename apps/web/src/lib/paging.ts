import { NEXT_CURSOR_HEADER } from '@lintel/contracts';
import { http, isHttpError, type QueryValue } from './http';

/** One page of a list and how many rows the same filter has in all. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/**
 * Cursors of pages seen (issue 15 §3): for a list (its path and query without paging) and page size, the
 * `after` cursor that starts page n, as the full page n − 1 answered it (NEXT_CURSOR_HEADER). Paging on
 * then asks the server for the rows after the previous page, as cheap however deep and never repeating or
 * losing a row when others add or delete meanwhile; a page reached by a jump asks by skip. Only lists
 * that answer the header are remembered; the oldest lists are forgotten past MAX_LISTS.
 */
const cursors = new Map<string, Map<number, string>>();
const MAX_LISTS = 50;

function listKey(path: string, query: Record<string, QueryValue>, pageSize: number): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([path, pageSize, entries]);
}

function remember(key: string, page: number, cursor: string | null): void {
  let pages = cursors.get(key);
  if (!cursor) {
    pages?.delete(page);
    return;
  }
  if (!pages) {
    if (cursors.size >= MAX_LISTS) cursors.delete(cursors.keys().next().value as string);
    pages = new Map();
    cursors.set(key, pages);
  }
  pages.set(page, cursor);
}

/** Forgets every remembered cursor (tests; a sign-out). */
export function forgetListCursors(): void {
  cursors.clear();
}

/**
 * One page of a list (skip = (page − 1) × pageSize, limit = pageSize: spec 001 §9, or `after` the cursor
 * the previous page answered) and `only_count` of the same filter, asked together.
 */
export async function fetchListPage<T>(
  path: string,
  query: Record<string, QueryValue>,
  { page, pageSize }: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<ListPage<T>> {
  const key = listKey(path, query, pageSize);
  const after = page > 1 ? cursors.get(key)?.get(page) : undefined;
  const rowsOf = (paging: Record<string, QueryValue>) =>
    http.get<T[]>(path, {
      signal,
      query: { ...query, ...paging, limit: pageSize },
      onHeaders: (headers) => remember(key, page + 1, headers.get(NEXT_CURSOR_HEADER)),
    });
  const bySkip = () => rowsOf({ skip: (page - 1) * pageSize });
  const [rows, count] = await Promise.all([
    // A cursor the server no longer takes (a new version) falls back to skip.
    after
      ? rowsOf({ after }).catch((error: unknown) => {
          if (!isHttpError(error) || error.body.key !== 'common.badCursor') throw error;
          remember(key, page, null);
          return bySkip();
        })
      : bySkip(),
    http.get<{ count: number }>(path, { signal, query: { ...query, only_count: true } }),
  ]);
  return { rows, total: count.count };
}
