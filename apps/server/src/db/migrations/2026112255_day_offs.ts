import type { Kysely } from 'kysely';

/** personnel-service day-offs (holidays and special dates) of a project (modules/personnel). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('day_offs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // YYYY-MM-DD
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A repeated date is refused (spec 001 §5); the index also serves the list and the attendance day lookups.
  await db.schema
    .createIndex('day_offs_project_date_unique')
    .on('day_offs')
    .columns(['project_id', 'date'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('day_offs').execute();
}
