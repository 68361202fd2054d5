import type { Kysely } from 'kysely';
import type { Database, Timestamp } from '../../db/schema';

/** The audit log's table (migration 2026112730), typed here so that only this module sees it. */
export interface AuditEntriesTable {
  id: string;
  action: string;
  actor_id: string | null;
  /** The actor's name when the entry was written (a later rename does not rewrite history). */
  actor_name: string | null;
  ip: string | null;
  enterprise_id: string | null;
  project_id: string | null;
  target_type: string | null;
  target_id: string | null;
  /** JSON text of scalar values. */
  detail: string;
  created_at: Timestamp;
}

export interface AuditDatabase extends Database {
  audit_entries: AuditEntriesTable;
}

export type AuditDb = Kysely<AuditDatabase>;
