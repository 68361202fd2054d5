import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

/**
 * The published versions of workflow templates (issue 18): one row per publication, never changed once
 * written; version n+1 of a template is unique, so two publications at once cannot both take it. A running
 * instance (next slice) pins the row it started with. Deleted only with their template.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const json = jsonColumnType(engine);
  await db.schema
    .createTable('workflow_template_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('template_id', 'text', (c) =>
      c.notNull().references('workflow_templates.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('graph', json, (c) => c.notNull())
    .addColumn('published_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('workflow_template_versions_version', ['template_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workflow_template_versions').execute();
}
