import type { Kysely } from 'kysely';
import type { Database, IntBool, JsonText, Timestamp } from '../../db/schema';

/** The tables of this module (migrations 2026112195–97), typed here so that only this module sees them. */
export interface AnnouncementsTable {
  id: string;
  project_id: string;
  sender_id: string | null;
  title: string;
  /** Sanitised HTML. */
  content: string;
  excerpt: string;
  /** JSON: "all" or an array of user ids, as the sender chose them. */
  receivers: JsonText;
  /** JSON: an array of structure ids of the project. */
  departments: JsonText;
  stick: IntBool;
  stick_at: Timestamp | null;
  recalled: IntBool;
  recalled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AnnouncementReceiptsTable {
  announcement_id: string;
  user_id: string;
  project_id: string;
  is_read: IntBool;
  read_at: Timestamp | null;
  /** The receiver removed it from their list. */
  hidden: IntBool;
}

export interface AnnouncementAttachmentsTable {
  announcement_id: string;
  file_id: string;
  position: number;
}

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
export type AnnouncementTables = {
  announcements: AnnouncementsTable;
  announcement_receipts: AnnouncementReceiptsTable;
  announcement_attachments: AnnouncementAttachmentsTable;
};

export type AnnouncementsDatabase = Database & AnnouncementTables;

/** The app's database with this module's tables in its type (same connection, same plugins). */
export function withAnnouncementTables(db: Kysely<Database>): Kysely<AnnouncementsDatabase> {
  return db.withTables<AnnouncementTables>();
}
