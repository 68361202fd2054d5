import type { Kysely } from 'kysely';
import type { Database, JsonText, Timestamp } from '../../db/schema';

/** The tables of model-service's models, versions and element index (migration 2026112280). */
export interface ModelsTable {
  id: string;
  project_id: string;
  name: string;
  remark: string;
  /** JSON array of model-tag ids. */
  tag_ids: JsonText;
  current_version_id: string | null;
  version_count: number;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface ModelVersionsTable {
  id: string;
  model_id: string;
  project_id: string;
  number: number;
  file_name: string;
  size: number;
  /** contracts' ModelStatus */
  status: string;
  progress: number;
  /** contracts' ConversionFailureKey when failed */
  error_key: string | null;
  error_detail: string | null;
  schema: string | null;
  element_count: number | null;
  fragments_size: number | null;
  conversion_ms: number | null;
  ifc_key: string;
  fragments_key: string | null;
  tree_key: string | null;
  created_by: string;
  created_at: Timestamp;
  started_at: Timestamp | null;
  converted_at: Timestamp | null;
}

export interface ModelElementsTable {
  version_id: string;
  global_id: string;
  local_id: number;
  ifc_class: string;
  name: string | null;
  type: string | null;
  storey: string | null;
  /** contracts' ElementDiscipline */
  discipline: string;
  geometry_hash: string;
  properties_hash: string;
  /** JSON of contracts' PropertySet[] */
  property_sets: JsonText;
}

export type ModelTables = {
  models: ModelsTable;
  model_versions: ModelVersionsTable;
  model_elements: ModelElementsTable;
};

export type ModelDatabase = Database & ModelTables;

/** The app's database seen with the models tables (they are the module's own, not in db/schema.ts). */
export function withModelTables(db: Kysely<Database>): Kysely<ModelDatabase> {
  return db.withTables<ModelTables>();
}
