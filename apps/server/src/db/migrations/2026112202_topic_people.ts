import type { Kysely } from 'kysely';

/**
 * The people of a topic, one row per (topic, user): mentioned, participant, follower, and their read state.
 * A member who only read it has a row too. No row: not involved, not following, not read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('topic_people')
    .addColumn('topic_id', 'text', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Repeated from the topic so that "my topics of this project" is one index range.
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('mentioned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('participant', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('following', 'integer', (c) => c.notNull().defaultTo(0))
    // Read since the last change by someone else.
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'text')
    .addPrimaryKeyConstraint('topic_people_pk', ['topic_id', 'user_id'])
    .execute();
  // The categories mine / following, unread and the relatedToMe view scope of one user in a project.
  await db.schema
    .createIndex('topic_people_user_project')
    .on('topic_people')
    .columns(['user_id', 'project_id', 'topic_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('topic_people').execute();
}
