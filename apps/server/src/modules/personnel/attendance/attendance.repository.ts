import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import {
  type AttendanceCorrectionsTable,
  type AttendanceDevicesTable,
  type AttendanceEventsTable,
  withAttendanceTables,
} from './tables';

export type DeviceRow = AttendanceDevicesTable;
export type CorrectionRow = AttendanceCorrectionsTable;

/** One person's day as the events say it. */
export interface PunchRow {
  person_id: string;
  day: string;
  first_in: string | null;
  last_out: string | null;
}

/** Rows per multi-row INSERT: 9 columns × 500 stays far below both engines' parameter limits. */
const INSERT_CHUNK = 500;

export interface CorrectionFilter {
  personId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** All SQL of attendance: devices, events, corrections. */
export function createAttendanceRepository(base: Kysely<Database>) {
  const db = withAttendanceTables(base);

  function correctionsWhere(projectId: string, filter: CorrectionFilter) {
    let query = db.selectFrom('attendance_corrections').where('project_id', '=', projectId);
    if (filter.personId) query = query.where('person_id', '=', filter.personId);
    if (filter.from) query = query.where('day', '>=', filter.from);
    if (filter.to) query = query.where('day', '<=', filter.to);
    return query;
  }

  return {
    async insertDevice(row: Insertable<AttendanceDevicesTable>): Promise<void> {
      await db.insertInto('attendance_devices').values(row).execute();
    },

    findDevice(id: string): Promise<DeviceRow | undefined> {
      return db.selectFrom('attendance_devices').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findDeviceByTokenHash(hash: string): Promise<DeviceRow | undefined> {
      return db
        .selectFrom('attendance_devices')
        .selectAll()
        .where('token_hash', '=', hash)
        .executeTakeFirst();
    },

    listDevices(projectId: string): Promise<DeviceRow[]> {
      return db
        .selectFrom('attendance_devices')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async updateDevice(
      id: string,
      changes: Partial<Pick<DeviceRow, 'name' | 'revoked_at' | 'last_seen_at' | 'updated_at'>>,
    ): Promise<void> {
      await db.updateTable('attendance_devices').set(changes).where('id', '=', id).execute();
    },

    /**
     * Writes the events in one transaction, a multi-row INSERT per chunk; an event the device already sent
     * (same device and event id) is skipped by the unique index. Answers how many rows were new.
     */
    async insertEvents(rows: ReadonlyArray<Insertable<AttendanceEventsTable>>): Promise<number> {
      if (rows.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        let inserted = 0;
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          const result = await trx
            .insertInto('attendance_events')
            .values(rows.slice(i, i + INSERT_CHUNK))
            .onConflict((oc) => oc.columns(['device_id', 'event_id']).doNothing())
            .executeTakeFirst();
          inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
        }
        return inserted;
      });
    },

    /** Each person's first clock-in and last clock-out per day of [from, to] (Beijing dates). */
    punches(
      projectId: string,
      from: string,
      to: string,
      personIds?: readonly string[] | undefined,
    ): Promise<PunchRow[]> {
      let query = db
        .selectFrom('attendance_events')
        .select((eb) => [
          'person_id',
          'day',
          eb.fn
            .min<string | null>(eb.case().when('direction', '=', 'in').then(eb.ref('at')).end())
            .as('first_in'),
          eb.fn
            .max<string | null>(eb.case().when('direction', '=', 'out').then(eb.ref('at')).end())
            .as('last_out'),
        ])
        .where('project_id', '=', projectId)
        .where('day', '>=', from)
        .where('day', '<=', to);
      if (personIds) {
        if (personIds.length === 0) return Promise.resolve([]);
        query = query.where('person_id', 'in', personIds);
      }
      // In the index's order (day, then person): the groups come straight off the index, no sort.
      return query.groupBy(['day', 'person_id']).execute();
    },

    /** The events of these people over [from, to], in time order (cumulative-hours rules pair them). */
    eventsBetween(projectId: string, from: string, to: string, personIds: readonly string[]) {
      if (personIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('attendance_events')
        .select(['person_id', 'day', 'direction', 'at'])
        .where('project_id', '=', projectId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('person_id', 'in', personIds)
        .orderBy('at')
        .orderBy('id')
        .execute();
    },

    /** One person's events of [from, to] with the name of the device that sent each, in time order. */
    personEvents(projectId: string, personId: string, from: string, to: string) {
      return db
        .selectFrom('attendance_events as e')
        .innerJoin('attendance_devices as d', 'd.id', 'e.device_id')
        .select(['e.id', 'e.direction', 'e.at', 'd.name as device_name'])
        .where('e.project_id', '=', projectId)
        .where('e.person_id', '=', personId)
        .where('e.day', '>=', from)
        .where('e.day', '<=', to)
        .orderBy('e.at')
        .orderBy('e.id')
        .execute();
    },

    async insertCorrection(row: Insertable<AttendanceCorrectionsTable>): Promise<void> {
      await db.insertInto('attendance_corrections').values(row).execute();
    },

    /** The corrections of the project's days in [from, to], oldest first (so the latest wins when folded). */
    corrections(projectId: string, from: string, to: string, personId?: string): Promise<CorrectionRow[]> {
      let query = db
        .selectFrom('attendance_corrections')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('day', '>=', from)
        .where('day', '<=', to);
      if (personId) query = query.where('person_id', '=', personId);
      return query.orderBy('created_at').orderBy('id').execute();
    },

    async countCorrections(projectId: string, filter: CorrectionFilter): Promise<number> {
      const row = await correctionsWhere(projectId, filter)
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The corrections of a project, newest first. */
    listCorrections(projectId: string, filter: CorrectionFilter, skip: number, limit: number) {
      return correctionsWhere(projectId, filter)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(skip)
        .limit(limit)
        .execute();
    },
  };
}
export type AttendanceRepository = ReturnType<typeof createAttendanceRepository>;
