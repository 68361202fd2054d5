import { type Kysely, type SelectQueryBuilder, SqliteAdapter, sql } from 'kysely';
import type { OrderBy } from './order';

/**
 * Deep pages without walking the rows they skip (issue 15 §3). An `OFFSET n` page walks n index entries
 * even with a covering index (page 2,000 of 100,000 topics: ~40,000 entries, several times the whole first
 * page). The seeker remembers, per list query (its SQL and parameters without order, offset and limit), the
 * sort key (order column, id) of the first and last row of the deep pages it served; a later page at or
 * after a remembered offset starts from that key (`(column, id) <= key`, a range of the same index) and
 * skips only the rows between the two. Paging on (page n+1 after page n) and coming back to a page cost
 * about what the first page costs.
 *
 * A remembered key is only valid while the rows cannot have moved: the seeker works on SQLite, whose
 * `total_changes()` (this connection's writes) and `data_version` (other connections' commits) tell exactly
 * whether anything was written since; any write forgets every key. The signature is read before and after
 * the page, so a write that lands in between is seen and the page is read again without a key. On
 * PostgreSQL (several connections, no such signature) and for order columns that may be NULL (a NULL sorts
 * outside every key range) pages are plain OFFSET queries.
 */

/** Below this skip the walk costs less than the two signature reads. */
export const SEEK_FROM_SKIP = 1000;
const MAX_QUERIES = 200;
const MAX_KEYS_PER_QUERY = 64;

interface Anchor {
  offset: number;
  key: unknown;
  id: string;
}

interface Signature {
  changes: number;
  version: number;
}

type Row = { id: string; seek_key?: unknown };

export interface SkipSeeker {
  /**
   * The ids of one page of `query` (a select of the table's `id` aliased by `table`, filtered, not yet
   * ordered) in `order` then id, the same `order.direction`. `nullable`: the order column may hold NULL.
   */
  pageIds(
    // biome-ignore lint/suspicious/noExplicitAny: any table's filtered select; only id and the order column are read
    query: SelectQueryBuilder<any, any, { id: string }>,
    options: { idColumn: string; order: OrderBy; nullable: boolean; skip: number; limit: number },
  ): Promise<string[]>;
}

// biome-ignore lint/suspicious/noExplicitAny: the seeker reads only the signature, whatever the schema
export function createSkipSeeker(db: Kysely<any>): SkipSeeker {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  let signatureSeen: string | null = null;
  /** Query key → anchors sorted by offset; insertion order is the eviction order. */
  const anchors = new Map<string, Anchor[]>();

  async function signature(): Promise<string> {
    const { rows } =
      await sql<Signature>`SELECT total_changes() AS changes, data_version AS version FROM pragma_data_version()`.execute(
        db,
      );
    const row = rows[0]!;
    return `${row.changes}:${row.version}`;
  }

  function remember(queryKey: string, found: Anchor[]): void {
    let list = anchors.get(queryKey);
    if (!list) {
      if (anchors.size >= MAX_QUERIES) anchors.delete(anchors.keys().next().value as string);
      list = [];
      anchors.set(queryKey, list);
    }
    for (const anchor of found) {
      if (anchor.key === null || anchor.key === undefined) continue;
      if (list.some((a) => a.offset === anchor.offset)) continue;
      list.push(anchor);
    }
    list.sort((a, b) => a.offset - b.offset);
    // Too many: the lowest past the first go (someone paging on moves deeper).
    while (list.length > MAX_KEYS_PER_QUERY) list.splice(1, 1);
  }

  function nearest(queryKey: string, skip: number): Anchor | undefined {
    const list = anchors.get(queryKey);
    if (!list) return undefined;
    let best: Anchor | undefined;
    for (const anchor of list) {
      if (anchor.offset > skip) break;
      best = anchor;
    }
    return best;
  }

  return {
    async pageIds(query, { idColumn, order, nullable, skip, limit }) {
      const column = sql.ref(order.column);
      const id = sql.ref(idColumn);
      const ordered = (q: typeof query) =>
        q.orderBy(column, order.direction).orderBy(id, order.direction).offset(skip).limit(limit);
      if (!sqlite || nullable || skip < SEEK_FROM_SKIP || limit <= 0) {
        return (await ordered(query).execute()).map((row) => row.id);
      }
      const keyed = query.select(column.as('seek_key'));
      const compiled = keyed.compile();
      const queryKey = `${order.direction} ${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
      const before = await signature();
      if (before !== signatureSeen) {
        anchors.clear();
        signatureSeen = before;
      }
      const from = nearest(queryKey, skip);
      const seek = from
        ? keyed
            .where(
              sql<boolean>`(${column}, ${id}) ${sql.raw(order.direction === 'desc' ? '<=' : '>=')} (${from.key}, ${from.id})`,
            )
            .orderBy(column, order.direction)
            .orderBy(id, order.direction)
            .offset(skip - from.offset)
            .limit(limit)
        : keyed.orderBy(column, order.direction).orderBy(id, order.direction).offset(skip).limit(limit);
      const rows = (await seek.execute()) as Row[];
      const after = await signature();
      if (after !== before) {
        // Written meanwhile: the key may point to a moved row; read the page as a plain OFFSET query.
        anchors.clear();
        signatureSeen = after;
        return from ? (await ordered(query).execute()).map((row) => row.id) : rows.map((row) => row.id);
      }
      const first = rows[0];
      const last = rows.at(-1);
      if (first && last) {
        remember(queryKey, [
          { offset: skip, key: first.seek_key, id: first.id },
          { offset: skip + rows.length - 1, key: last.seek_key, id: last.id },
        ]);
      }
      return rows.map((row) => row.id);
    },
  };
}
