import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

/**
 * personnel-service personnel records (modules/personnel): the site workers of a project, keyed by their
 * mainland ID number (unique per project). Sex and birth date are derived from the ID number when saved.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('personnel')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('id_number', 'text', (c) => c.notNull())
    // 0 male, 1 female (spec 001 §9)
    .addColumn('sex', 'integer', (c) => c.notNull())
    // YYYY-MM-DD
    .addColumn('birth_date', 'text', (c) => c.notNull())
    .addColumn('blood_type', 'text', (c) => c.notNull().defaultTo('unknown'))
    // A unit of the project (personnel_units; a deleted one stays named by its exited staff).
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('team', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('team_contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('team_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('craft_id', 'text')
    // JSON array of certificate numbers
    .addColumn('certificates', jsonColumnType(engine), (c) => c.notNull())
    .addColumn('entry_date', 'text', (c) => c.notNull())
    .addColumn('exit_date', 'text')
    // JSON array of file ids of the project
    .addColumn('attachments', jsonColumnType(engine), (c) => c.notNull())
    .addColumn('avatar_id', 'text')
    // JSON array of {date, content, hours?}
    .addColumn('safety_education', jsonColumnType(engine), (c) => c.notNull())
    // null: the project's default rule
    .addColumn('rule_id', 'text')
    // 'entry' | 'exit' | 'abnormal'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    // The staff QR code's public token, made the first time it is asked for.
    .addColumn('share_token', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Duplicate ID numbers in a project are refused (spec 001 §5); also the gates' lookup by ID number.
  await db.schema
    .createIndex('personnel_project_id_number_unique')
    .on('personnel')
    .columns(['project_id', 'id_number'])
    .unique()
    .execute();
  await db.schema
    .createIndex('personnel_share_token_unique')
    .on('personnel')
    .column('share_token')
    .unique()
    .execute();
  // The list (newest entries first) and its filters.
  await db.schema
    .createIndex('personnel_project_entry')
    .on('personnel')
    .columns(['project_id', 'entry_date', 'id'])
    .execute();
  await db.schema.createIndex('personnel_unit').on('personnel').columns(['unit_id', 'status']).execute();
  await db.schema.createIndex('personnel_craft').on('personnel').column('craft_id').execute();
  await db.schema.createIndex('personnel_rule').on('personnel').column('rule_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('personnel').execute();
}
