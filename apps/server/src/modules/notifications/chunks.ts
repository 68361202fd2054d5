/**
 * Splits a list for SQL: PostgreSQL takes at most 65,535 parameters per statement, and a notification to
 * every member of a large project would pass that in one INSERT or IN list.
 */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
