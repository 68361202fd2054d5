import type { Kysely } from 'kysely';
import type { Database, JsonText, Timestamp } from '../../../db/schema';

/** The tables of attendance and violations (migrations 2026112265–68), typed here for these folders only. */
export interface AttendanceDevicesTable {
  id: string;
  project_id: string;
  name: string;
  /** SHA-256 (hex) of the bearer token; the token itself is shown once and never stored. */
  token_hash: string;
  created_by: string | null;
  revoked_at: Timestamp | null;
  last_seen_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AttendanceEventsTable {
  id: string;
  project_id: string;
  device_id: string;
  event_id: string;
  person_id: string;
  direction: 'in' | 'out';
  at: Timestamp;
  /** Beijing date, YYYY-MM-DD. */
  day: string;
  created_at: Timestamp;
}

export interface AttendanceCorrectionsTable {
  id: string;
  project_id: string;
  person_id: string;
  day: string;
  /** null: the events' time stands; '': cleared; otherwise the corrected instant (ISO UTC). */
  first_in: Timestamp | null;
  last_out: Timestamp | null;
  status: string | null;
  reason: string;
  corrected_by: string | null;
  created_at: Timestamp;
}

export interface ViolationRecordsTable {
  id: string;
  project_id: string;
  date: string;
  description: string;
  type_id: string;
  item_id: string;
  person_id: string;
  recorder_id: string | null;
  /** JSON array of image file ids. */
  photos: JsonText;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
export type AttendanceTables = {
  attendance_devices: AttendanceDevicesTable;
  attendance_events: AttendanceEventsTable;
  attendance_corrections: AttendanceCorrectionsTable;
  violation_records: ViolationRecordsTable;
};

export type AttendanceDatabase = Database & AttendanceTables;

export function withAttendanceTables(db: Kysely<Database>): Kysely<AttendanceDatabase> {
  return db.withTables<AttendanceTables>();
}
