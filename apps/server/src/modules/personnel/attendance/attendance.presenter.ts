import type {
  AttendanceCorrectionRecord,
  AttendanceDayRow,
  AttendanceDevice,
} from '@lintel/contracts/personnel';
import type { UserSummary } from '../../directory/index';
import type { CorrectionRow, DeviceRow } from './attendance.repository';
import type { SheetDay } from './attendance.sheet';
import { beijingClock, type DayStatus } from './days';
import type { Named, RosterPerson } from './roster';

export function presentDevice(row: DeviceRow): AttendanceDevice {
  return {
    _id: row.id,
    projectId: row.project_id,
    name: row.name,
    lastSeenAt: row.last_seen_at,
    createdAt: row.created_at,
  };
}

const ref = (named: Named | undefined) => (named ? { _id: named.id, name: named.name } : null);

type Labels = { units: ReadonlyMap<string, Named>; crafts: ReadonlyMap<string, Named> };

/** The person, their unit and their craft as references with names. */
export function personRefs(person: RosterPerson, names: Labels) {
  return {
    person: { _id: person.id, name: person.name },
    unit: ref(person.unitId ? names.units.get(person.unitId) : undefined),
    craft: ref(person.craftId ? names.crafts.get(person.craftId) : undefined),
  };
}

export function presentDayRow(
  person: RosterPerson,
  day: string,
  outcome: NonNullable<SheetDay>,
  names: Labels,
): AttendanceDayRow {
  return {
    ...personRefs(person, names),
    date: day,
    firstIn: outcome.firstIn,
    lastOut: outcome.lastOut,
    hours: outcome.hours,
    requiredHours: outcome.requiredHours,
    status: outcome.status,
    corrected: outcome.corrected,
  };
}

/** A stored correction time ('' cleared, null unchanged) as the HH:mm of the Beijing day, or null. */
const clock = (value: string | null) => (value ? beijingClock(value) : null);

export function presentCorrection(
  row: CorrectionRow,
  users: ReadonlyMap<string, UserSummary>,
): AttendanceCorrectionRecord {
  const user = row.corrected_by ? users.get(row.corrected_by) : undefined;
  return {
    _id: row.id,
    projectId: row.project_id,
    personId: row.person_id,
    date: row.day,
    in: clock(row.first_in),
    out: clock(row.last_out),
    status: row.status as DayStatus | null,
    reason: row.reason,
    // A removed account leaves an all-zero id and no name (the correction stays on the record).
    correctedBy: { _id: row.corrected_by ?? '0'.repeat(24), name: user ? user.nickName || user.name : '' },
    createdAt: row.created_at,
  };
}
