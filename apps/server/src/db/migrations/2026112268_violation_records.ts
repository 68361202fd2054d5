import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

/** Violation records of a project's workers (modules/personnel/violations). */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('violation_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // YYYY-MM-DD
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // Not foreign keys: a deleted type or item leaves the record with its id (shown without a name).
    .addColumn('type_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull().references('personnel.id').onDelete('cascade'))
    // Kept when the account goes: the record stays with the project.
    .addColumn('recorder_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // JSON array of image file ids of the project, at most 9
    .addColumn('photos', jsonColumnType(engine), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('violation_records_project_date')
    .on('violation_records')
    .columns(['project_id', 'date', 'id'])
    .execute();
  await db.schema
    .createIndex('violation_records_person')
    .on('violation_records')
    .column('person_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('violation_records').execute();
}
