import type { Kysely } from 'kysely';
import type { Database, IntBool, JsonText, Timestamp } from '../../db/schema';

/** The tables of this module (migrations 2026112180–82), typed here so that only this module sees them. */
export interface NotificationsTable {
  id: string;
  /** The receiver: only they may read, flag or delete it. */
  user_id: string;
  module: string;
  title: string;
  content: string;
  link: string;
  project_id: string | null;
  record_id: string | null;
  sender_id: string | null;
  /** A key of NOTIFICATION_TEMPLATE_KEYS and its parameters (JSON object), for system texts. */
  template: string | null;
  params: JsonText | null;
  is_read: IntBool;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

export interface TodosTable {
  id: string;
  user_id: string;
  module: string;
  /** The module's record; (user_id, module, record_id) is unique among open items. */
  record_id: string;
  title: string;
  content: string;
  link: string;
  project_id: string | null;
  sender_id: string | null;
  query_param_id: string | null;
  /** YYYY-MM-DD */
  due_date: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_at: Timestamp | null;
}

export interface QueryParamsTable {
  id: string;
  user_id: string | null;
  data: JsonText;
  data_hash: string;
  created_at: Timestamp;
}

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
export type NotificationTables = {
  notifications: NotificationsTable;
  todos: TodosTable;
  query_params: QueryParamsTable;
};

export type NotificationsDatabase = Database & NotificationTables;

/** The app's database with this module's tables in its type (same connection, same plugins). */
export function withNotificationTables(db: Kysely<Database>): Kysely<NotificationsDatabase> {
  return db.withTables<NotificationTables>();
}
