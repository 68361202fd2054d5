import { type Kysely, sql } from 'kysely';

/**
 * Files belong to a project (their readers are its members; their bytes count against its storage), and an
 * enterprise keeps the bytes its projects use (spec 001 §8 space capacity), updated with every upload and
 * deletion. Both figures start from what the projects already count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    // A hard-deleted project leaves its files to their uploaders.
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('files_project_id').on('files').column('project_id').execute();
  await db.schema
    .alterTable('enterprises')
    .addColumn('space_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update enterprises set space_used = coalesce(
      (select sum(storage_used) from projects where projects.enterprise_id = enterprises.id), 0)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enterprises').dropColumn('space_used').execute();
  await db.schema.dropIndex('files_project_id').execute();
  await db.schema.alterTable('files').dropColumn('project_id').execute();
}
