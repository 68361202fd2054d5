import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../../db/schema';
import { type ViolationRecordsTable, withAttendanceTables } from '../attendance/tables';

export type ViolationRow = ViolationRecordsTable;

export interface ViolationFilter {
  /** People to keep (a unit or keyword filter, already resolved); empty keeps nothing. */
  personIds?: readonly string[] | undefined;
  typeId?: string | undefined;
  itemId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** All SQL of violation records. */
export function createViolationsRepository(base: Kysely<Database>) {
  const db = withAttendanceTables(base);

  function filtered(projectId: string, filter: ViolationFilter) {
    let query = db.selectFrom('violation_records').where('project_id', '=', projectId);
    if (filter.personIds) {
      const ids = filter.personIds.length > 0 ? [...filter.personIds] : [''];
      query = query.where('person_id', 'in', ids);
    }
    if (filter.typeId) query = query.where('type_id', '=', filter.typeId);
    if (filter.itemId) query = query.where('item_id', '=', filter.itemId);
    if (filter.from) query = query.where('date', '>=', filter.from);
    if (filter.to) query = query.where('date', '<=', filter.to);
    return query;
  }

  return {
    async insert(row: Insertable<ViolationRecordsTable>): Promise<void> {
      await db.insertInto('violation_records').values(row).execute();
    },

    find(id: string): Promise<ViolationRow | undefined> {
      return db.selectFrom('violation_records').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async update(id: string, changes: Updateable<ViolationRecordsTable>): Promise<void> {
      await db.updateTable('violation_records').set(changes).where('id', '=', id).execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('violation_records').where('id', '=', id).execute();
    },

    async count(projectId: string, filter: ViolationFilter): Promise<number> {
      const row = await filtered(projectId, filter)
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Newest date first (then newest record). `limit` undefined: all (the export). */
    list(projectId: string, filter: ViolationFilter, skip: number, limit: number | undefined) {
      const query = filtered(projectId, filter).selectAll().orderBy('date', 'desc').orderBy('id', 'desc');
      return (limit === undefined ? query : query.limit(limit).offset(skip)).execute();
    },

    /** What the statistics count: type, person and date of each record of the range. */
    facts(projectId: string, filter: ViolationFilter) {
      return filtered(projectId, filter).select(['type_id', 'person_id', 'date']).execute();
    },
  };
}
export type ViolationsRepository = ReturnType<typeof createViolationsRepository>;
