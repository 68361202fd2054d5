import type { Kysely } from 'kysely';

/**
 * 1: the account signs in with a password it did not choose (the administrator's generated first password)
 * and may do nothing but change it (issue 17). An integer, as every flag, so both engines read it alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
}
