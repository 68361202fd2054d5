/**
 * The tables as Kysely sees them, one interface per table. Portable types only (DESIGN.md §5): text ids,
 * ISO 8601 UTC timestamps as text, integer booleans (0/1), JSON as text (see json.ts).
 */

/** 0 or 1: booleans are integers on both engines. */
export type IntBool = 0 | 1;
/** JSON text: `text` in SQLite, `jsonb` in PostgreSQL, read back as text on both (json.ts). */
export type JsonText = string;
/** An ISO 8601 UTC timestamp such as 2026-11-21T08:00:00.000Z. */
export type Timestamp = string;

export interface UsersTable {
  id: string;
  name: string;
  nick_name: string;
  /** null when the account has no phone; (country_code, phone_number) is unique when set. */
  phone_number: string | null;
  country_code: string;
  email: string;
  avatar: string;
  settings: JsonText;
  is_trial: IntBool;
  is_system_admin: IntBool;
  disabled: IntBool;
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  /** sha256 (hex) of the opaque token in the cookie; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  /** 1: "remember me" (fixed 30-day life); 0: browser session (sliding 12 hours). */
  remember: IntBool;
}

/** Small documents keyed by name, e.g. `system.profile` (the OEM profile overrides). */
export interface SettingsTable {
  key: string;
  value: JsonText;
  updated_at: Timestamp;
}

export interface CountryCodesTable {
  code: string;
  name: string;
  name_en: string;
  sort_order: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  country_codes: CountryCodesTable;
}
