import { type Insertable, type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { AuditDatabase, AuditEntriesTable } from './tables';

export type AuditRow = Selectable<AuditEntriesTable> & { project_name: string | null };
export type AuditInsert = Insertable<AuditEntriesTable>;

/**
 * The audit log's SQL. Append-only by construction: an insert and reads, nothing else — there is no
 * update or delete here, and no route that could reach one.
 */
// biome-ignore lint/suspicious/noExplicitAny: the caller's transaction, whatever its schema type
export function createAuditRepository(db: Kysely<any>) {
  const audit = db as Kysely<AuditDatabase>;
  return {
    async insert(row: AuditInsert): Promise<void> {
      await audit.insertInto('audit_entries').values(row).execute();
    },

    /** The name an actor has now (written into the entry, so history keeps it). */
    async actorName(userId: string): Promise<string | null> {
      const row = await audit
        .selectFrom('users')
        .select(['name', 'nick_name'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row) return null;
      return row.nick_name && row.nick_name !== row.name ? `${row.nick_name} (${row.name})` : row.name;
    },

    /** Newest first (created_at, id), after the keyset condition when given, with the project's name. */
    list(where: RawBuilder<SqlBool> | null, limit: number): Promise<AuditRow[]> {
      let query = audit
        .selectFrom('audit_entries as a')
        .leftJoin('projects as p', 'p.id', 'a.project_id')
        .selectAll('a')
        .select('p.name as project_name');
      if (where) query = query.where(where);
      return query
        .orderBy(sql.ref('a.created_at'), 'desc')
        .orderBy(sql.ref('a.id'), 'desc')
        .limit(limit)
        .execute() as Promise<AuditRow[]>;
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
