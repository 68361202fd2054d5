import { type Kysely, sql } from 'kysely';

/**
 * model-service (modules/models): a project's models, their versions (one per upload; the conversion state
 * lives on the version) and the element index of each converted version.
 *
 * - models: `current_version_id` is the latest version (what the list shows and the viewer opens);
 *   `deleted_at` marks a deleted model: its links from topics answer `models.deleted`, its bytes are removed.
 * - model_versions: `status` queued | converting | ready | failed, `progress` 0–100, `error_key` and
 *   `error_detail` when failed; the storage keys of the uploaded IFC, the fragments and the spatial tree.
 * - model_elements: one row per element of a ready version, by GlobalId; `geometry_hash` and
 *   `properties_hash` make version compare a join; `property_sets` is the JSON of contracts' PropertySet[].
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('models')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON array of model-tag ids. */
    .addColumn('tag_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('current_version_id', 'text')
    .addColumn('version_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  // Model names are unique in a project among the models not deleted (spec 001 §5).
  await db.schema
    .createIndex('models_project_name_unique')
    .on('models')
    .columns(['project_id', 'name'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('models_project_updated')
    .on('models')
    .columns(['project_id', 'updated_at', 'id'])
    .execute();

  await db.schema
    .createTable('model_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('model_id', 'text', (c) => c.notNull().references('models.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_key', 'text')
    .addColumn('error_detail', 'text')
    .addColumn('schema', 'text')
    .addColumn('element_count', 'integer')
    .addColumn('fragments_size', 'bigint')
    .addColumn('conversion_ms', 'integer')
    /** Storage keys: the uploaded IFC (always), the fragments and the spatial tree JSON (once ready). */
    .addColumn('ifc_key', 'text', (c) => c.notNull())
    .addColumn('fragments_key', 'text')
    .addColumn('tree_key', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('converted_at', 'text')
    .execute();
  await db.schema
    .createIndex('model_versions_model_number')
    .on('model_versions')
    .columns(['model_id', 'number'])
    .unique()
    .execute();
  // The job runner picks queued versions oldest first after a restart.
  await db.schema
    .createIndex('model_versions_status')
    .on('model_versions')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('model_elements')
    .addColumn('version_id', 'text', (c) => c.notNull().references('model_versions.id').onDelete('cascade'))
    .addColumn('global_id', 'text', (c) => c.notNull())
    .addColumn('local_id', 'integer', (c) => c.notNull())
    .addColumn('ifc_class', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('type', 'text')
    .addColumn('storey', 'text')
    .addColumn('discipline', 'text', (c) => c.notNull())
    .addColumn('geometry_hash', 'text', (c) => c.notNull())
    .addColumn('properties_hash', 'text', (c) => c.notNull())
    /** JSON of contracts' PropertySet[]. */
    .addColumn('property_sets', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('model_elements_pk', ['version_id', 'global_id'])
    .execute();
  await db.schema
    .createIndex('model_elements_class')
    .on('model_elements')
    .columns(['version_id', 'ifc_class', 'global_id'])
    .execute();
  await db.schema
    .createIndex('model_elements_storey')
    .on('model_elements')
    .columns(['version_id', 'storey', 'global_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('model_elements').execute();
  await db.schema.dropTable('model_versions').execute();
  await db.schema.dropTable('models').execute();
}
