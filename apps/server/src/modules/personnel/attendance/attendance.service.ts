import type { CountResult } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import {
  type AttendanceCorrectionRecord,
  type AttendanceDayBoard,
  type AttendanceDevice,
  type AttendanceDeviceCreated,
  type AttendanceIngestResult,
  type AttendanceMonthSheet,
  type AttendanceStatistics,
  type attendanceCorrectionSchema,
  type attendanceCorrectionsQuerySchema,
  type attendanceDayQuerySchema,
  type attendanceIngestSchema,
  type attendanceMonthSheetQuerySchema,
  type attendanceStatisticsQuerySchema,
  unitWithDescendants,
} from '@lintel/contracts/personnel';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../../clock';
import { newId } from '../../../db/ids';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../plugins/app-error';
import type { ErrorKey } from '../../../plugins/messages';
import { createDirectory } from '../../directory/index';
import type { OrgAccess, ScopeNeed } from '../../org/access';
import { personRefs, presentCorrection, presentDayRow, presentDevice } from './attendance.presenter';
import { createAttendanceRepository } from './attendance.repository';
import { computeSheet, emptyCounts, type Sheet } from './attendance.sheet';
import { statisticsOf } from './attendance.statistics';
import { beijingDay, beijingInstant, periodDays } from './days';
import { bearerToken, hashDeviceToken, newDeviceToken } from './devices';
import type { PeopleSource } from './people';
import { type Named, onRoll, type RosterFilter } from './roster';

/** The module key of the permission templates (contracts MODULES). */
export const PERSONNEL_MODULE = 'personnel';
const VIEW: ScopeNeed = { moduleKey: PERSONNEL_MODULE, permission: 'view' };
const EXPORT: ScopeNeed = { moduleKey: PERSONNEL_MODULE, permission: 'export' };

/** A gate's clock may run a little ahead of ours; an event further in the future is refused. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
/** lastSeenAt is written at most this often (a gate sending a batch a second costs no write each time). */
const LAST_SEEN_EVERY_MS = 60_000;

type IngestBody = z.output<typeof attendanceIngestSchema>;
type CorrectionBody = z.output<typeof attendanceCorrectionSchema>;
type DayQuery = z.output<typeof attendanceDayQuerySchema>;
type CorrectionsQuery = z.output<typeof attendanceCorrectionsQuerySchema>;
type StatisticsQuery = z.output<typeof attendanceStatisticsQuerySchema>;
type MonthSheetQuery = z.output<typeof attendanceMonthSheetQuerySchema>;

export interface AttendanceServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: OrgAccess;
  people: PeopleSource;
}

const invalid = (key: ErrorKey, path: string) => new AppError(400, key, { details: [{ path, key }] });

/**
 * Attendance of a project's workers: gate devices and their ingest, the computed day status (days.ts),
 * corrections, the day board, the month sheet and the statistics.
 */
export function createAttendanceService({ db, clock, access, people }: AttendanceServiceDeps) {
  const repository = createAttendanceRepository(db);
  const directory = createDirectory(db);
  const project = (user: User | null, projectId: string, need: ScopeNeed) =>
    access.requireScopeRole(user, { type: 'project', id: projectId }, need);
  const today = () => beijingDay(clock.now());

  /** A device of a project the caller administers; another project's (or a missing) one is a 404. */
  async function openDevice(user: User, id: string) {
    const row = await repository.findDevice(id);
    if (!row || row.revoked_at) throw new AppError(404, 'common.notFound');
    await project(user, row.project_id, 'admin');
    return row;
  }

  /** The roster filter of a query: a unit means it and every unit below it. */
  async function rosterFilter(
    projectId: string,
    query: { unitId?: string | undefined; craftId?: string | undefined; keyword?: string | undefined },
  ): Promise<RosterFilter> {
    const filter: RosterFilter = { craftId: query.craftId, keyword: query.keyword };
    if (query.unitId) filter.unitIds = unitWithDescendants(await people.units(projectId), query.unitId);
    return filter;
  }

  async function names(projectId: string) {
    const [units, crafts] = await Promise.all([people.units(projectId), people.crafts(projectId)]);
    return {
      units: new Map<string, Named>(units.map((unit) => [unit._id, { id: unit._id, name: unit.name }])),
      crafts: new Map<string, Named>(crafts.map((craft) => [craft.id, craft])),
    };
  }

  /** `upTo`: the last day that counts (default today; later days are null in the sheet). */
  async function sheetOf(
    projectId: string,
    filter: RosterFilter,
    days: string[],
    upTo = today(),
  ): Promise<Sheet> {
    const roster = await people.roster(projectId, filter);
    const narrow = filter.unitIds !== undefined || filter.craftId !== undefined || !!filter.keyword;
    return computeSheet({ repository, people, projectId, roster, days, today: upTo, narrow });
  }

  return {
    // ── devices ──────────────────────────────────────────────────────────────────────────────────────────

    async createDevice(
      user: User,
      body: { projectId: string; name: string },
    ): Promise<AttendanceDeviceCreated> {
      await project(user, body.projectId, 'admin');
      const token = newDeviceToken();
      const now = clock.now().toISOString();
      const row = {
        id: newId(clock.now().getTime()),
        project_id: body.projectId,
        name: body.name,
        token_hash: hashDeviceToken(token),
        created_by: user._id,
        revoked_at: null,
        last_seen_at: null,
        created_at: now,
        updated_at: now,
      };
      await repository.insertDevice(row);
      return { ...presentDevice(row), token };
    },

    async listDevices(user: User, projectId: string): Promise<AttendanceDevice[]> {
      await project(user, projectId, 'admin');
      const rows = await repository.listDevices(projectId);
      return rows.filter((row) => !row.revoked_at).map(presentDevice);
    },

    async renameDevice(user: User, id: string, name: string): Promise<AttendanceDevice> {
      const row = await openDevice(user, id);
      const updated_at = clock.now().toISOString();
      await repository.updateDevice(id, { name, updated_at });
      return presentDevice({ ...row, name, updated_at });
    },

    /** The token stops working at once; the device's events stay. */
    async revokeDevice(user: User, id: string): Promise<void> {
      await openDevice(user, id);
      const now = clock.now().toISOString();
      await repository.updateDevice(id, { revoked_at: now, updated_at: now });
    },

    // ── ingest ───────────────────────────────────────────────────────────────────────────────────────────

    /**
     * A batch of gate events from the device the bearer token names (401 without a live token). Events of
     * people not in the device's project, of people exited before the event's day, from the future or
     * repeated within the batch are rejected one by one; the rest go in one transaction, and events the
     * device sent before count as duplicates.
     */
    async ingest(authorization: string | undefined, body: IngestBody): Promise<AttendanceIngestResult> {
      const token = bearerToken(authorization);
      const device = token ? await repository.findDeviceByTokenHash(hashDeviceToken(token)) : undefined;
      if (!device || device.revoked_at) throw new AppError(401, 'attendance.deviceUnauthorized');

      const now = clock.now();
      const found = await people.lookup(
        device.project_id,
        body.events.flatMap((e) => (e.personId ? [e.personId] : [])),
        body.events.flatMap((e) => (e.idNumber ? [e.idNumber] : [])),
      );
      const byId = new Map(found.map((person) => [person.id, person]));
      const byIdNumber = new Map(found.map((person) => [person.idNumber, person]));

      const rejected: AttendanceIngestResult['rejected'] = [];
      const seen = new Set<string>();
      const rows = [];
      const createdAt = now.toISOString();
      for (const event of body.events) {
        const person = event.personId ? byId.get(event.personId) : byIdNumber.get(event.idNumber ?? '');
        const at = new Date(event.at);
        const day = beijingDay(at);
        let reason: AttendanceIngestResult['rejected'][number]['reason'] | null = null;
        if (seen.has(event.eventId)) reason = 'duplicateInBatch';
        else if (!person) reason = 'unknownPerson';
        else if (person.status === 'exit' && person.exitDate && day > person.exitDate)
          reason = 'personExited';
        else if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) reason = 'future';
        seen.add(event.eventId);
        if (reason || !person) {
          rejected.push({ eventId: event.eventId, reason: reason ?? 'unknownPerson' });
          continue;
        }
        rows.push({
          id: newId(now.getTime()),
          project_id: device.project_id,
          device_id: device.id,
          event_id: event.eventId,
          person_id: person.id,
          direction: event.direction,
          at: at.toISOString(),
          day,
          created_at: createdAt,
        });
      }
      const accepted = await repository.insertEvents(rows);
      if (!device.last_seen_at || now.getTime() - Date.parse(device.last_seen_at) >= LAST_SEEN_EVERY_MS) {
        await repository.updateDevice(device.id, { last_seen_at: createdAt });
      }
      return { accepted, duplicates: rows.length - accepted, rejected };
    },

    // ── corrections ──────────────────────────────────────────────────────────────────────────────────────

    /** A project administrator sets a person's day (times and/or status) with a reason; kept with who/when. */
    async correct(user: User, body: CorrectionBody): Promise<AttendanceCorrectionRecord> {
      const person = await people.person(body.personId);
      if (!person) throw new AppError(404, 'common.notFound');
      await project(user, person.projectId, 'admin');
      if (body.date > today()) throw invalid('attendance.futureDay', 'date');
      if (!onRoll(person, body.date)) throw invalid('attendance.notOnRoll', 'date');
      const time = (value: string | null | undefined) =>
        value === undefined ? null : value === null ? '' : beijingInstant(body.date, value);
      const row = {
        id: newId(clock.now().getTime()),
        project_id: person.projectId,
        person_id: person.id,
        day: body.date,
        first_in: time(body.in),
        last_out: time(body.out),
        status: body.status ?? null,
        reason: body.reason,
        corrected_by: user._id,
        created_at: clock.now().toISOString(),
      };
      await repository.insertCorrection(row);
      return presentCorrection(row, await directory.users([user._id]));
    },

    async corrections(
      user: User,
      projectId: string,
      query: CorrectionsQuery,
    ): Promise<AttendanceCorrectionRecord[] | CountResult> {
      await project(user, projectId, VIEW);
      const filter = { personId: query.personId, from: query.from, to: query.to };
      if (query.only_count) return { count: await repository.countCorrections(projectId, filter) };
      const rows = await repository.listCorrections(projectId, filter, query.skip, query.limit);
      const users = await directory.users(
        rows.flatMap((row) => (row.corrected_by ? [row.corrected_by] : [])),
      );
      return rows.map((row) => presentCorrection(row, users));
    },

    // ── the day board ────────────────────────────────────────────────────────────────────────────────────

    /** Everyone on the books that day, with their status; totals per status over the filter (not the status). */
    async dayBoard(
      user: User,
      projectId: string,
      query: DayQuery,
    ): Promise<AttendanceDayBoard | CountResult> {
      await project(user, projectId, VIEW);
      const filter = await rosterFilter(projectId, query);
      // A day to come is shown as it will start: its roster, absent (or rest on a day-off).
      const sheet = await sheetOf(projectId, filter, [query.date], query.date);
      const totals = emptyCounts();
      const entries = [];
      for (const person of sheet.people) {
        const outcome = sheet.outcomes.get(person.id)?.[0];
        if (!outcome) continue;
        totals[outcome.status] += 1;
        if (!query.status || outcome.status === query.status) entries.push({ person, outcome });
      }
      if (query.only_count) return { count: entries.length };
      const labels = await names(projectId);
      return {
        date: query.date,
        count: entries.length,
        totals,
        rows: entries
          .slice(query.skip, query.skip + query.limit)
          .map(({ person, outcome }) => presentDayRow(person, query.date, outcome, labels)),
      };
    },

    /** One person's month: each day on the books up to today, and the raw events. */
    async personMonth(user: User, personId: string, month: string) {
      const person = await people.person(personId);
      if (!person) throw new AppError(404, 'common.notFound');
      await project(user, person.projectId, VIEW);
      const days = periodDays('month', `${month}-01`);
      const sheet = await computeSheet({
        repository,
        people,
        projectId: person.projectId,
        roster: [person],
        days,
        today: today(),
        narrow: true,
      });
      const labels = await names(person.projectId);
      const outcomes = sheet.outcomes.get(person.id) ?? [];
      const events = await repository.personEvents(
        person.projectId,
        person.id,
        days[0]!,
        days[days.length - 1]!,
      );
      return {
        days: days.flatMap((day, i) => {
          const outcome = outcomes[i];
          return outcome ? [presentDayRow(person, day, outcome, labels)] : [];
        }),
        events: events.map((event) => ({
          _id: event.id,
          direction: event.direction,
          at: event.at,
          deviceName: event.device_name,
        })),
      };
    },

    // ── month sheet and statistics ───────────────────────────────────────────────────────────────────────

    async monthSheet(
      user: User,
      projectId: string,
      query: MonthSheetQuery,
      all = false,
    ): Promise<AttendanceMonthSheet> {
      await project(user, projectId, all ? EXPORT : VIEW);
      const days = periodDays('month', `${query.month}-01`);
      const sheet = await sheetOf(projectId, await rosterFilter(projectId, query), days);
      const labels = await names(projectId);
      const rows = [];
      for (const person of sheet.people) {
        const outcomes = sheet.outcomes.get(person.id) ?? [];
        if (!outcomes.some((outcome) => outcome !== null) && !isOnRollInMonth(person, days)) continue;
        const counts = emptyCounts();
        let hours = 0;
        for (const outcome of outcomes) {
          if (!outcome) continue;
          counts[outcome.status] += 1;
          hours += outcome.hours;
        }
        rows.push({
          ...personRefs(person, labels),
          days: outcomes.map((outcome) => outcome?.status ?? null),
          hours: Math.round(hours * 100) / 100,
          ...counts,
        });
      }
      return {
        month: query.month,
        days,
        count: rows.length,
        rows: all ? rows : rows.slice(query.skip, query.skip + query.limit),
      };
    },

    async statistics(user: User, projectId: string, query: StatisticsQuery): Promise<AttendanceStatistics> {
      await project(user, projectId, query.export ? EXPORT : VIEW);
      const days = periodDays(query.period, query.period === 'month' ? `${query.month}-01` : query.date!);
      const groupBy = query.groupBy ?? 'unit';
      const sheet = await sheetOf(projectId, {}, days);
      return statisticsOf(sheet, groupBy, query.period, await names(projectId));
    },
  };
}
export type AttendanceService = ReturnType<typeof createAttendanceService>;

/** A person on the books at some day of the month that is still to come counts in the sheet too. */
function isOnRollInMonth(
  person: { entryDate: string; exitDate: string | null; status: string },
  days: string[],
) {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  if (person.entryDate > last) return false;
  return !(person.status === 'exit' && person.exitDate && person.exitDate < first);
}
