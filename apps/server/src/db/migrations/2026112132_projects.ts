import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enterprise_id', 'text', (c) => c.notNull().references('enterprises.id').onDelete('cascade'))
    .addColumn('circle_id', 'text', (c) => c.references('circles.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('preparation'))
    .addColumn('project_type', 'text')
    .addColumn('is_trial', 'integer', (c) => c.notNull().defaultTo(0))
    // The long tail of the project information (contracts projectInfoDocumentSchema).
    .addColumn('info', jsonColumnType(engine), (c) => c.notNull())
    .addColumn('storage_allocated', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('storage_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('storage_unlimited', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('projects_enterprise_id').on('projects').column('enterprise_id').execute();
  await db.schema.createIndex('projects_circle_id').on('projects').column('circle_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('projects').execute();
}
