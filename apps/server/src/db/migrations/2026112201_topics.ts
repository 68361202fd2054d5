import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

/** topic-service problem topics (modules/topics): one row per topic of a project. */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('topics')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // Per project, 1, 2, 3 … from topic_counters; never reused, even after a delete.
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    // The service refuses to remove a discipline, species or subcontract in use; SET NULL is the safety net.
    .addColumn('domain_id', 'text', (c) => c.references('project_domains.id').onDelete('set null'))
    .addColumn('species_id', 'text', (c) => c.references('topic_settings.id').onDelete('set null'))
    .addColumn('subcontract_id', 'text', (c) => c.references('topic_settings.id').onDelete('set null'))
    // Kept when the account goes: the topic and its history stay with the project.
    .addColumn('creator_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // YYYY-MM-DD
    .addColumn('deadline', 'text')
    .addColumn('completed_at', 'text')
    // Days late when it was completed (frozen then), so that the delay filter can select completed ones.
    .addColumn('completed_delay_days', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON arrays of user ids in the order chosen (topic_people has them for queries), and of image file ids.
    .addColumn('mentions', jsonColumnType(engine), (c) => c.notNull())
    .addColumn('participants', jsonColumnType(engine), (c) => c.notNull())
    .addColumn('images', jsonColumnType(engine), (c) => c.notNull())
    .addColumn('link_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('topics_project_number_unique')
    .on('topics')
    .columns(['project_id', 'number'])
    .unique()
    .execute();
  // The list, newest first, paged by skip: walked in index order (either direction), ids read from the index.
  await db.schema
    .createIndex('topics_project_created')
    .on('topics')
    .columns(['project_id', 'created_at', 'id'])
    .execute();
  // "Created by me" and the delay filter (processing topics by deadline).
  await db.schema
    .createIndex('topics_project_creator_created')
    .on('topics')
    .columns(['project_id', 'creator_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('topics_project_status_deadline')
    .on('topics')
    .columns(['project_id', 'status', 'deadline'])
    .execute();
  // Usage counts of settings and disciplines (deleting one in use is refused), and account deletion.
  await db.schema.createIndex('topics_domain_id').on('topics').column('domain_id').execute();
  await db.schema.createIndex('topics_species_id').on('topics').column('species_id').execute();
  await db.schema.createIndex('topics_subcontract_id').on('topics').column('subcontract_id').execute();
  await db.schema.createIndex('topics_creator_id').on('topics').column('creator_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('topics').execute();
}
