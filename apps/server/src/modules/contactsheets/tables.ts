import type { Kysely } from 'kysely';
import type { Database, IntBool, JsonText, Timestamp } from '../../db/schema';

/** The tables of this module (migrations 2026112230–35), typed here so that only this module sees them. */
export interface ContactSheetsTable {
  id: string;
  project_id: string;
  /** contact | notice | change | visa */
  type: string;
  number_seq: number;
  /** Formatted, e.g. LXD-2026-0001. */
  number: string;
  sender_id: string;
  sender_unit: string;
  title: string;
  /** Plain text. */
  content: string;
  excerpt: string;
  reply_needed: IntBool;
  /** YYYY-MM-DD */
  reply_deadline: string | null;
  model_id: string | null;
  viewport_id: string | null;
  selection_set_id: string | null;
  /** sent | recalled */
  status: string;
  sent_at: Timestamp;
  recalled_at: Timestamp | null;
  replied: IntBool;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactSheetPeopleTable {
  sheet_id: string;
  user_id: string;
  project_id: string;
  /** receiver | cc */
  role: string;
  is_read: IntBool;
  read_at: Timestamp | null;
  replied: IntBool;
  replied_at: Timestamp | null;
  forwarded_by: string | null;
  added_at: Timestamp;
  /** The order chosen; forwarded people come after. */
  position: number;
}

export interface ContactSheetRepliesTable {
  id: string;
  sheet_id: string;
  user_id: string;
  content: string;
  created_at: Timestamp;
}

export interface ContactSheetAttachmentsTable {
  sheet_id: string;
  /** The sheet's id, or one of its replies'. */
  owner_id: string;
  file_id: string;
  position: number;
}

export interface ContactSheetCirculationTable {
  id: string;
  sheet_id: string;
  /** send | read | reply | forward | recall | edit | resend */
  action: string;
  actor_id: string | null;
  at: Timestamp;
  /** JSON array of user ids. */
  users: JsonText;
  remark: string | null;
}

export interface ContactSheetCountersTable {
  project_id: string;
  type: string;
  last_number: number;
}

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
export type ContactSheetTables = {
  contactsheets: ContactSheetsTable;
  contactsheet_people: ContactSheetPeopleTable;
  contactsheet_replies: ContactSheetRepliesTable;
  contactsheet_attachments: ContactSheetAttachmentsTable;
  contactsheet_circulation: ContactSheetCirculationTable;
  contactsheet_counters: ContactSheetCountersTable;
};

export type ContactSheetsDatabase = Database & ContactSheetTables;

/** The app's database with this module's tables in its type (same connection, same plugins). */
export function withContactSheetTables(db: Kysely<Database>): Kysely<ContactSheetsDatabase> {
  return db.withTables<ContactSheetTables>();
}
