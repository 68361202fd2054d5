import type { Kysely } from 'kysely';

/**
 * Site gate devices of a project (modules/personnel/attendance): each sends clock-in / clock-out events
 * with its own bearer token, shown once when it is created and stored only as its SHA-256 (like sessions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attendance_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    // A revoked device keeps its row (its events stay attributed) but its token no longer opens anything.
    .addColumn('revoked_at', 'text')
    // When it last sent a batch (at most once a minute is written: the gate's liveness on the list).
    .addColumn('last_seen_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attendance_devices_project')
    .on('attendance_devices')
    .columns(['project_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attendance_devices').execute();
}
