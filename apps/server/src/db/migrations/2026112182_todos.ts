import { type Kysely, sql } from 'kysely';

/** base-service to-dos (modules/notifications): one row per user and module record, open until closed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('todos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('query_param_id', 'text', (c) => c.references('query_params.id').onDelete('set null'))
    // YYYY-MM-DD; null: no deadline.
    .addColumn('due_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // null while the item waits; set when the module closes it.
    .addColumn('closed_at', 'text')
    .execute();
  // One open item per user and record: adding it again refreshes it (an upsert on this index).
  await db.schema
    .createIndex('todos_open_unique')
    .on('todos')
    .columns(['user_id', 'module', 'record_id'])
    .unique()
    .where(sql.ref('closed_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('todos_user_open_created')
    .on('todos')
    .columns(['user_id', 'created_at', 'id'])
    .where(sql.ref('closed_at'), 'is', null)
    .execute();
  // Closing a record's items for everyone.
  await db.schema.createIndex('todos_module_record').on('todos').columns(['module', 'record_id']).execute();
  await db.schema.createIndex('todos_project_id').on('todos').column('project_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('todos').execute();
}
