import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

/** The response thread of a topic: text and images, oldest first. */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('topic_responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('topic_id', 'text', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of image file ids.
    .addColumn('images', jsonColumnType(engine), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('topic_responses_topic_created')
    .on('topic_responses')
    .columns(['topic_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('topic_responses_author_id')
    .on('topic_responses')
    .column('author_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('topic_responses').execute();
}
