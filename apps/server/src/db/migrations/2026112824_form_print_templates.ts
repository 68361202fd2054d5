import type { Kysely } from 'kysely';

/**
 * A form template's Word print template (issue 18): at most one per form template, its bytes in the
 * storage under `storage_key` (never the user's file name). Deleting the form template deletes the row;
 * form-service's print module deletes the stored bytes when the template is replaced or removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_print_templates')
    .addColumn('template_id', 'text', (c) =>
      c.primaryKey().references('form_templates.id').onDelete('cascade'),
    )
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_print_templates').execute();
}
