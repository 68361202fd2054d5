import type { Kysely } from 'kysely';
import type { Database, JsonText, Timestamp } from '../../db/schema';

/** form-service template groups (migration 2026112820). */
export interface FormTemplateGroupsTable {
  id: string;
  project_id: string;
  parent_id: string | null;
  name: string;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** form-service templates (migration 2026112821). */
export interface FormTemplatesTable {
  id: string;
  project_id: string;
  group_id: string | null;
  name: string;
  description: string;
  /** 'workflow' | 'plain' */
  kind: string;
  /** 'custom' | 'common' */
  scope: string;
  /** 'enabled' | 'disabled' */
  status: string;
  /** JSON of contracts' FormField[]. */
  fields: JsonText;
  workflow_template_id: string | null;
  /** JSON: user ids. */
  settlers: JsonText;
  /** JSON of contracts' FormFieldAccess. */
  field_access: JsonText;
  revision: number;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Forms (migration 2026112822). */
export interface FormsTable {
  id: string;
  project_id: string;
  template_id: string;
  name: string;
  kind: string;
  /** contracts' FormState. */
  state: string;
  fields: JsonText;
  field_access: JsonText;
  /** JSON of NodeRules (forms.rules.ts). */
  node_rules: JsonText;
  settlers: JsonText;
  form_values: JsonText;
  initiator_id: string;
  instance_id: string | null;
  current_node_id: string | null;
  current_node_name: string | null;
  due_at: Timestamp | null;
  revision: number;
  settled_by: string | null;
  settled_at: Timestamp | null;
  submitted_at: Timestamp | null;
  finished_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Who a form concerns (migration 2026112823). */
export interface FormPeopleTable {
  form_id: string;
  user_id: string;
  /** 'handler' (now) | 'approver' (a handler at some time) | 'processed' | 'cc' */
  role: string;
}

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
export type FormTables = {
  form_template_groups: FormTemplateGroupsTable;
  form_templates: FormTemplatesTable;
  forms: FormsTable;
  form_people: FormPeopleTable;
};

export type FormsDatabase = Database & FormTables;

/** The app's database with this module's tables in its type (same connection, same plugins). */
export function withFormTables(db: Kysely<Database>): Kysely<FormsDatabase> {
  return db.withTables<FormTables>();
}
