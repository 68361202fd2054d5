import type { Kysely } from 'kysely';

/**
 * The audit log (issue 17, modules/audit): one row per recorded action, never updated or deleted. No
 * foreign keys: an entry outlives the user, project or record it names. `detail` is JSON as plain text on
 * both engines (it is only written whole, shown and searched as text).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('ip', 'text')
    .addColumn('enterprise_id', 'text')
    .addColumn('project_id', 'text')
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The log is read newest first, whole or narrowed to an actor, an action or a project.
  await db.schema
    .createIndex('audit_entries_time')
    .on('audit_entries')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_entries_actor')
    .on('audit_entries')
    .columns(['actor_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_entries_action')
    .on('audit_entries')
    .columns(['action', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_entries_project')
    .on('audit_entries')
    .columns(['project_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_entries').execute();
}
