import type { Kysely } from 'kysely';
import type { Database, JsonText, Timestamp } from '../../../db/schema';
import type { ModelTables } from '../tables';

/** The tables of model-service's views and settings (migration 2026112285). */
export interface NamedSettingTable {
  id: string;
  project_id: string;
  name: string;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ModelTagsTable extends NamedSettingTable {
  /** contracts' ModelTagType */
  type: string;
}

export interface ViewportsTable {
  id: string;
  project_id: string;
  name: string;
  remark: string;
  /** JSON string[] in the order saved. */
  model_ids: JsonText;
  /** JSON of contracts' Camera. */
  camera: JsonText;
  /** JSON of contracts' clipping planes. */
  clipping_planes: JsonText;
  section_box: JsonText | null;
  /** JSON of contracts' ModelElementsRef[]. */
  hidden: JsonText;
  isolated: JsonText | null;
  /** JSON string[] of viewport-tag ids; viewport_tag_links holds the same, for filtering and cascades. */
  tag_ids: JsonText;
  thumbnail_file_id: string | null;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ViewportModelsTable {
  viewport_id: string;
  model_id: string;
}

export interface ViewportTagLinksTable {
  viewport_id: string;
  tag_id: string;
}

export interface SelectionSetsTable {
  id: string;
  project_id: string;
  group_id: string | null;
  name: string;
  remark: string;
  /** JSON of contracts' ModelElementsRef[]. */
  items: JsonText;
  element_count: number;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SelectionSetModelsTable {
  set_id: string;
  model_id: string;
}

export interface ModelSettingsTable {
  project_id: string;
  /** JSON of contracts' AttributeDisplay. */
  attribute_display: JsonText;
  updated_by: string;
  updated_at: Timestamp;
}

export interface ModelElementSharesTable {
  token: string;
  project_id: string;
  model_id: string;
  global_id: string;
  created_by: string;
  created_at: Timestamp;
}

export type ViewTables = {
  model_tags: ModelTagsTable;
  viewport_tags: NamedSettingTable;
  selection_set_groups: NamedSettingTable;
  viewports: ViewportsTable;
  viewport_models: ViewportModelsTable;
  viewport_tag_links: ViewportTagLinksTable;
  selection_sets: SelectionSetsTable;
  selection_set_models: SelectionSetModelsTable;
  model_settings: ModelSettingsTable;
  model_element_shares: ModelElementSharesTable;
};

export type ViewsDatabase = Database & ModelTables & ViewTables;

/** The app's database seen with the models tables and the views tables (the module's own). */
export function withViewTables(db: Kysely<Database>): Kysely<ViewsDatabase> {
  return db.withTables<ModelTables & ViewTables>();
}
