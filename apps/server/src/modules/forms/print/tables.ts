import type { Kysely } from 'kysely';
import type { Database, Timestamp } from '../../../db/schema';

/** A form template's Word print template (migration 2026112824). */
export interface FormPrintTemplatesTable {
  template_id: string;
  storage_key: string;
  file_name: string;
  size: number;
  uploaded_by: string | null;
  uploaded_at: Timestamp;
}

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
export type PrintTables = { form_print_templates: FormPrintTemplatesTable };

export function withPrintTables(db: Kysely<Database>): Kysely<Database & PrintTables> {
  return db.withTables<PrintTables>();
}
