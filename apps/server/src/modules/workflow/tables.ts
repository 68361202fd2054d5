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

/** Running instances (migration 2026112810). */
export interface WorkflowInstancesTable {
  id: string;
  project_id: string;
  template_id: string;
  template_version: number;
  graph: JsonText;
  subject_module: string;
  subject_id: string;
  subject_title: string;
  initiator_id: string;
  state: string;
  current_node: string | null;
  round: number;
  revision: number;
  route: JsonText;
  form_values: JsonText;
  picked: JsonText;
  round_mode: string | null;
  node_entered_at: Timestamp | null;
  node_due_at: Timestamp | null;
  acted: IntBool;
  log_seq: number;
  last_urged_at: Timestamp | null;
  submitted_at: Timestamp;
  finished_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The approvers of each node visit (migration 2026112811). */
export interface WorkflowInstanceApproversTable {
  instance_id: string;
  round: number;
  node_id: string;
  user_id: string;
  position: number;
  decision: string | null;
  decided_seq: number | null;
  decided_at: Timestamp | null;
  added_by: string | null;
}

/** The append-only log (migration 2026112812). */
export interface WorkflowLogTable {
  id: string;
  instance_id: string;
  seq: number;
  actor_id: string | null;
  action: string;
  node_id: string | null;
  round: number;
  opinion: JsonText;
  target_node: string | null;
  target_user: string | null;
  at: Timestamp;
}

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
export type WorkflowTables = {
  workflow_groups: WorkflowGroupsTable;
  workflow_templates: WorkflowTemplatesTable;
  workflow_template_versions: WorkflowTemplateVersionsTable;
  workflow_instances: WorkflowInstancesTable;
  workflow_instance_approvers: WorkflowInstanceApproversTable;
  workflow_log: WorkflowLogTable;
};

export type WorkflowDatabase = Database & WorkflowTables;

/** The app's database with this module's tables in its type (same connection, same plugins). */
export function withWorkflowTables(db: Kysely<Database>): Kysely<WorkflowDatabase> {
  return db.withTables<WorkflowTables>();
}
