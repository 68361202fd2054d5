import { RecentRows } from './recent-rows';
import type { TableName, TableWrites } from './table-writes';

/** What tells an in-process copy that the database changed (DatabaseHandle on SQLite; none on PostgreSQL). */
export interface WriteSignals {
  /** This process's writes, per table (db/table-writes.ts). */
  tableWrites: TableWrites;
  /** Changes when another connection committed (SQLite's data_version; DatabaseHandle.otherWrites). */
  otherWrites: () => number;
}

export interface CachedRowsOptions {
  /** The longest a row is reused even when nothing was written (a bound, not the mechanism). */
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * `read(id)` reused until a write could have changed its answer — the scheme of the rights check's scope
 * cache (org/access.ts, docs/decisions.md "Lists at the speed of the database"), for any hot look-up by id
 * that every request of a route repeats (issue 15 §3: a model and its version behind each element query).
 * Exact, never a time window: any insert, update or delete of one of `tables` through Kysely in this process
 * forgets every row when the statement is issued (a read that began before cannot store what it read:
 * RecentRows' generation), and another connection's commit (another process on the same file, a worker)
 * forgets everything at the next look-up. Misses are kept too (a row created later is a write). Rows are
 * frozen: one copy serves every caller, so none may change it. Only for reads on the root connection (on
 * SQLite it waits for any open transaction, so an uncommitted row is never stored); without `signals`
 * (PostgreSQL) every call reads.
 */
export function cachedRows<Row extends object>(
  signals: WriteSignals | undefined,
  /** Table names as written (a module's own tables are not in the shared schema type). */
  tables: readonly string[],
  read: (id: string) => Promise<Row | undefined>,
  { ttlMs = 10_000, maxEntries = 5_000 }: CachedRowsOptions = {},
): (id: string) => Promise<Row | undefined> {
  if (!signals) return read;
  const rows = new RecentRows<string, Row | null>({ ttlMs, maxEntries });
  for (const table of tables) signals.tableWrites.on(table as TableName, () => rows.clear());
  let otherWritesSeen = signals.otherWrites();
  return async (id) => {
    const otherWrites = signals.otherWrites();
    if (otherWrites !== otherWritesSeen) {
      otherWritesSeen = otherWrites;
      rows.clear();
    }
    const held = rows.get(id);
    if (held !== undefined) return held ?? undefined;
    const generation = rows.generation;
    const row = await read(id);
    if (row) Object.freeze(row);
    rows.set(id, row ?? null, generation);
    return row;
  };
}
