import type { Kysely } from 'kysely';
import type { Database, IntBool, JsonText, Timestamp } from '../../db/schema';

/** The tables of personnel-service settings and records (migrations 2026112250–56). */
export interface PersonnelUnitsTable {
  id: string;
  project_id: string;
  name: string;
  parent_id: string | null;
  deleted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NamedSettingTable {
  id: string;
  project_id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AttendanceRulesTable extends NamedSettingTable {
  /** The day's required duration in minutes. */
  minutes: number;
  cumulative: IntBool;
  is_default: IntBool;
  initial: IntBool;
}

export interface ViolationItemsTable extends NamedSettingTable {
  type_id: string;
}

export interface DayOffsTable extends NamedSettingTable {
  /** YYYY-MM-DD */
  date: string;
}

export interface PersonnelTable {
  id: string;
  project_id: string;
  name: string;
  id_number: string;
  sex: 0 | 1;
  birth_date: string;
  blood_type: string;
  unit_id: string;
  team: string;
  team_contact: string;
  team_phone: string;
  phone: string;
  craft_id: string | null;
  /** JSON array of strings. */
  certificates: JsonText;
  entry_date: string;
  exit_date: string | null;
  /** JSON array of file ids. */
  attachments: JsonText;
  avatar_id: string | null;
  /** JSON array of {date, content, hours?}. */
  safety_education: JsonText;
  rule_id: string | null;
  status: 'entry' | 'exit' | 'abnormal';
  remark: string;
  share_token: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
export type PersonnelTables = {
  personnel_units: PersonnelUnitsTable;
  personnel_crafts: NamedSettingTable;
  attendance_rules: AttendanceRulesTable;
  violation_types: NamedSettingTable;
  violation_items: ViolationItemsTable;
  day_offs: DayOffsTable;
  personnel: PersonnelTable;
};

export type PersonnelDatabase = Database & PersonnelTables;

/** The app's database with this module's tables in its type (same connection, same plugins). */
export function withPersonnelTables(db: Kysely<Database>): Kysely<PersonnelDatabase> {
  return db.withTables<PersonnelTables>();
}
