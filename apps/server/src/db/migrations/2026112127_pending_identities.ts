import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_identities')
    // sha256 (hex) of the ticket handed to the bind page; the ticket itself is not stored.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('binding_hash', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pending_identities_binding_hash')
    .on('pending_identities')
    .column('binding_hash')
    .execute();
  await db.schema
    .createIndex('pending_identities_expires_at')
    .on('pending_identities')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_identities').execute();
}
