import type { Kysely } from 'kysely';
import type { Database, IntBool, JsonText, Timestamp } from '../../db/schema';

/** workflow-service groups (migration 2026112800). */
export interface WorkflowGroupsTable {
  id: string;
  project_id: string;
  parent_id: string | null;
  name: string;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** workflow-service templates: the editable draft (migration 2026112801). */
export interface WorkflowTemplatesTable {
  id: string;
  project_id: string;
  group_id: string | null;
  name: string;
  description: string;
  /** 'enabled' | 'disabled' */
  status: string;
  /** JSON of contracts' WorkflowGraph. */
  graph: JsonText;
  revision: number;
  /** 0: never published. */
  published_version: number;
  draft_changed: IntBool;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Published versions: immutable rows (migration 2026112802). */
export interface WorkflowTemplateVersionsTable {
  id: string;
  template_id: string;
  version: number;
  name: string;
  graph: JsonText;
  published_by: string | null;
  published_at: Timestamp;
}

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
export type WorkflowTables = {
  workflow_groups: WorkflowGroupsTable;
  workflow_templates: WorkflowTemplatesTable;
  workflow_template_versions: WorkflowTemplateVersionsTable;
};

export type WorkflowDatabase = Database & WorkflowTables;

/** The app's database with this module's tables in its type (same connection, same plugins). */
export function withWorkflowTables(db: Kysely<Database>): Kysely<WorkflowDatabase> {
  return db.withTables<WorkflowTables>();
}
