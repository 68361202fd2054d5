import type { Kysely } from 'kysely';
import { setUpProjectPermissions } from '../../modules/permissions/project-setup';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';
import type { Database } from '../schema';

/**
 * Permission templates and disciplines per project, the 4D-editing allowance per enterprise and the
 * authorisation time of a 4D editor. Existing projects get their default template and disciplines.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('permission_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('grants', jsonColumnType(engine), (c) => c.notNull())
    .addColumn('tree_scopes', jsonColumnType(engine), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('permission_templates_project_name_unique')
    .on('permission_templates')
    .columns(['project_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createTable('project_domains')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('project_domains_project_name_unique')
    .on('project_domains')
    .columns(['project_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .alterTable('enterprises')
    .addColumn('edit4d_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('enterprises').addColumn('edit4d_expires_at', 'text').execute();
  await db.schema.alterTable('members').addColumn('edit_4d_at', 'text').execute();
  await db.schema.createIndex('members_template_id').on('members').column('template_id').execute();

  const typed = db as unknown as Kysely<Database>;
  const now = new Date().toISOString();
  const projects = await typed.selectFrom('projects').select('id').execute();
  for (const project of projects) await setUpProjectPermissions(typed, project.id, now);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_template_id').execute();
  await db.schema.alterTable('members').dropColumn('edit_4d_at').execute();
  await db.schema.alterTable('enterprises').dropColumn('edit4d_expires_at').execute();
  await db.schema.alterTable('enterprises').dropColumn('edit4d_total').execute();
  await db.schema.dropTable('project_domains').execute();
  await db.schema.dropTable('permission_templates').execute();
}
