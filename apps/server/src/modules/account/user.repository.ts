import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;

export function createUserRepository(db: Kysely<Database>) {
  return {
    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByName(name: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('name', '=', name).executeTakeFirst();
    },

    /** Every account with this phone number; one per country code at most. */
    findByPhone(phoneNumber: string, countryCode?: string): Promise<UserRow[]> {
      let query = db.selectFrom('users').selectAll().where('phone_number', '=', phoneNumber);
      if (countryCode !== undefined) query = query.where('country_code', '=', countryCode);
      return query.orderBy('id').limit(10).execute();
    },

    async insert(row: NewUserRow): Promise<void> {
      await db.insertInto('users').values(row).execute();
    },

    async count(): Promise<number> {
      const { count } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
