import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import { jsonColumnType } from '../json';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('nick_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_number', 'text')
    .addColumn('country_code', 'text', (c) => c.notNull().defaultTo('86'))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('settings', jsonColumnType(engine), (c) => c.notNull())
    .addColumn('is_trial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_system_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_name_unique').on('users').column('name').unique().execute();
  // NULL phone numbers never collide: both engines treat NULLs as distinct in unique indexes.
  await db.schema
    .createIndex('users_phone_unique')
    .on('users')
    .columns(['country_code', 'phone_number'])
    .unique()
    .execute();
  // Sign-in by phone number alone looks the number up without its country code.
  await db.schema.createIndex('users_phone_number').on('users').column('phone_number').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
