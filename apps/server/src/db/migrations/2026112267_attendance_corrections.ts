import type { Kysely } from 'kysely';

/**
 * Manual corrections of a person's day by a project administrator, with the reason. Every correction is
 * kept (who, when, why); the latest one of a person's day overrides what the events say.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attendance_corrections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('personnel.id').onDelete('cascade'))
    // YYYY-MM-DD (China time)
    .addColumn('day', 'text', (c) => c.notNull())
    // ISO 8601 UTC; null: keep what the events say; '': cleared (the day has no such punch)
    .addColumn('first_in', 'text')
    .addColumn('last_out', 'text')
    // absent | abnormal | rest | normal; null: computed from the (corrected) times
    .addColumn('status', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('corrected_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attendance_corrections_project_day')
    .on('attendance_corrections')
    .columns(['project_id', 'day', 'person_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attendance_corrections').execute();
}
