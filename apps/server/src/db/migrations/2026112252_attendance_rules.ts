import type { Kysely } from 'kysely';

/**
 * personnel-service attendance rules (modules/personnel). `minutes`: the day's required duration (whole
 * minutes, so both engines read an integer). One rule per project is the default; `initial` marks the rule
 * the project started with (shown first, never deleted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attendance_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    // 1: the day's hours are the sum of its in→out pairs; 0: first in to last out.
    .addColumn('cumulative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('initial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attendance_rules_project_name_unique')
    .on('attendance_rules')
    .columns(['project_id', 'name'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attendance_rules').execute();
}
