import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('enterprises')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_trial', 'integer', (c) => c.notNull().defaultTo(0))
    // Capacity: NULL means unlimited.
    .addColumn('account_capacity', 'integer')
    .addColumn('space_capacity', 'bigint')
    .addColumn('project_limit', 'integer')
    .addColumn('paid_plan', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('enterprises_is_trial').on('enterprises').column('is_trial').execute();
  // One live trial enterprise per account (POST users/{id}/trialPlan): two racing calls cannot both win.
  await db.schema
    .createIndex('enterprises_trial_creator_unique')
    .on('enterprises')
    .column('created_by')
    .unique()
    .where(sql.ref('is_trial'), '=', 1)
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enterprises').execute();
}
