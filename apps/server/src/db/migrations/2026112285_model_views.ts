import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

/**
 * model-service views and settings (modules/models/views): the project's model tags, viewport tags and
 * selection-set groups (named settings, unique names), viewports and selection sets (their element sets as
 * JSON, with link rows per model and per tag so the lists filter by `modelId` / `tagId` in plain SQL on both
 * engines), the component attribute display of a project, and the component QR shares.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const json = jsonColumnType(engine);

  for (const table of ['model_tags', 'viewport_tags', 'selection_set_groups'] as const) {
    let create = db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      // Position in the project's list (new ones go last).
      .addColumn('sort_order', 'integer', (c) => c.notNull());
    // Model tags carry a type (spec 001 §3): contracts' MODEL_TAG_TYPES.
    if (table === 'model_tags') create = create.addColumn('type', 'text', (c) => c.notNull());
    await create
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // Unique names per project (spec 001 §5): two requests at once cannot both pass.
    await db.schema
      .createIndex(`${table}_project_name`)
      .on(table)
      .columns(['project_id', 'name'])
      .unique()
      .execute();
  }

  await db.schema
    .createTable('viewports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    // JSON: model ids in the order saved; camera; clipping planes; section box or null; hidden and
    // isolated element sets (isolated null: nothing isolated); tag ids in the order saved.
    .addColumn('model_ids', json, (c) => c.notNull())
    .addColumn('camera', json, (c) => c.notNull())
    .addColumn('clipping_planes', json, (c) => c.notNull())
    .addColumn('section_box', json)
    .addColumn('hidden', json, (c) => c.notNull())
    .addColumn('isolated', json)
    .addColumn('tag_ids', json, (c) => c.notNull())
    .addColumn('thumbnail_file_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('viewports_project_updated')
    .on('viewports')
    .columns(['project_id', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createTable('viewport_models')
    .addColumn('viewport_id', 'text', (c) => c.notNull().references('viewports.id').onDelete('cascade'))
    .addColumn('model_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('viewport_models_pk', ['viewport_id', 'model_id'])
    .execute();
  await db.schema.createIndex('viewport_models_model').on('viewport_models').column('model_id').execute();
  await db.schema
    .createTable('viewport_tag_links')
    .addColumn('viewport_id', 'text', (c) => c.notNull().references('viewports.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('viewport_tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('viewport_tag_links_pk', ['viewport_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('viewport_tag_links_tag').on('viewport_tag_links').column('tag_id').execute();

  await db.schema
    .createTable('selection_sets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.references('selection_set_groups.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    // JSON of contracts' ModelElementsRef[].
    .addColumn('items', json, (c) => c.notNull())
    .addColumn('element_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Names are unique within a group, and among the sets without a group.
  await db.schema
    .createIndex('selection_sets_group_name')
    .on('selection_sets')
    .columns(['project_id', 'group_id', 'name'])
    .unique()
    .where(sql.ref('group_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('selection_sets_ungrouped_name')
    .on('selection_sets')
    .columns(['project_id', 'name'])
    .unique()
    .where(sql.ref('group_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('selection_sets_project_updated')
    .on('selection_sets')
    .columns(['project_id', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createTable('selection_set_models')
    .addColumn('set_id', 'text', (c) => c.notNull().references('selection_sets.id').onDelete('cascade'))
    .addColumn('model_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('selection_set_models_pk', ['set_id', 'model_id'])
    .execute();
  await db.schema
    .createIndex('selection_set_models_model')
    .on('selection_set_models')
    .column('model_id')
    .execute();

  await db.schema
    .createTable('model_settings')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    // JSON of contracts' AttributeDisplay.
    .addColumn('attribute_display', json, (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('model_element_shares')
    // 24 random bytes, base64url: the public page's only key.
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('model_id', 'text', (c) => c.notNull().references('models.id').onDelete('cascade'))
    .addColumn('global_id', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One share per element: asking again answers the same token.
  await db.schema
    .createIndex('model_element_shares_element')
    .on('model_element_shares')
    .columns(['model_id', 'global_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('model_element_shares_project')
    .on('model_element_shares')
    .columns(['project_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'model_element_shares',
    'model_settings',
    'selection_set_models',
    'selection_sets',
    'viewport_tag_links',
    'viewport_models',
    'viewports',
    'selection_set_groups',
    'viewport_tags',
    'model_tags',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
