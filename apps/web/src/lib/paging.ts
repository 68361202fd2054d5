import { http, type QueryValue } from './http';

/** One page of a list and how many rows the same filter has in all. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/**
 * One page of a list (skip = (page − 1) × pageSize, limit = pageSize: spec 001 §9) and `only_count` of the
 * same filter, asked together.
 */
export async function fetchListPage<T>(
  path: string,
  query: Record<string, QueryValue>,
  { page, pageSize }: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<ListPage<T>> {
  const [rows, count] = await Promise.all([
    http.get<T[]>(path, { signal, query: { ...query, skip: (page - 1) * pageSize, limit: pageSize } }),
    http.get<{ count: number }>(path, { signal, query: { ...query, only_count: true } }),
  ]);
  return { rows, total: count.count };
}
