import type { Kysely } from 'kysely';

/**
 * Gate events (clock-in / clock-out) as the devices sent them. `(device_id, event_id)` is unique: a device
 * resending a batch (after a timeout, say) adds nothing. `day` is the event's Beijing date (UTC+8), the day
 * it counts for, worked out once at ingest so that the day board and statistics read it by index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attendance_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) =>
      c.notNull().references('attendance_devices.id').onDelete('cascade'),
    )
    // The device's own id of the event.
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull().references('personnel.id').onDelete('cascade'))
    // 'in' | 'out'
    .addColumn('direction', 'text', (c) => c.notNull())
    // ISO 8601 UTC
    .addColumn('at', 'text', (c) => c.notNull())
    // YYYY-MM-DD in China time
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attendance_events_device_event')
    .on('attendance_events')
    .columns(['device_id', 'event_id'])
    .unique()
    .execute();
  // The day board and the statistics: a project's events of a range of days, grouped by person and day,
  // read from the index alone.
  await db.schema
    .createIndex('attendance_events_project_day')
    .on('attendance_events')
    .columns(['project_id', 'day', 'person_id', 'direction', 'at'])
    .execute();
  await db.schema
    .createIndex('attendance_events_person_day')
    .on('attendance_events')
    .columns(['person_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attendance_events').execute();
}
