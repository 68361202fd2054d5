import type { Insertable, Kysely, RawBuilder, Selectable, SqlBool, Updateable } from 'kysely';
import type { OrderBy } from '../../db/order';
import type { Database, Timestamp, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
/** The columns a service may change through `update`; ids, names and flags have their own paths. */
export type UserChanges = Pick<
  Updateable<UsersTable>,
  | 'nick_name'
  | 'avatar'
  | 'email'
  | 'phone_number'
  | 'country_code'
  | 'password_hash'
  | 'sex'
  | 'city'
  | 'work'
  | 'project'
  | 'company'
  | 'position'
  | 'locked_until'
  | 'settings'
  | 'must_change_password'
>;

export interface UserListQuery {
  where: RawBuilder<SqlBool> | null;
  order: OrderBy;
  skip: number;
  limit: number;
}

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

    async update(id: string, changes: UserChanges, now: Timestamp): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Takes the row's write lock for the rest of the transaction (a no-op update: PostgreSQL locks the row,
     * SQLite the database), so that a read-modify-write of the row cannot lose a concurrent write. False when
     * there is no such user.
     */
    async lockForUpdate(id: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async count(): Promise<number> {
      const { count } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async countWhere(where: RawBuilder<SqlBool> | null): Promise<number> {
      let query = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count'));
      if (where) query = query.where(where);
      const { count } = await query.executeTakeFirstOrThrow();
      return Number(count);
    },

    list({ where, order, skip, limit }: UserListQuery): Promise<UserRow[]> {
      let query = db.selectFrom('users').selectAll();
      if (where) query = query.where(where);
      return query
        .orderBy(order.column as 'id', order.direction)
        .orderBy('id', order.direction)
        .offset(skip)
        .limit(limit)
        .execute();
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
