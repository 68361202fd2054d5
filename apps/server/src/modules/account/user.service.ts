import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { hashPassword } from './password';
import { createUserRepository, type UserRow } from './user.repository';

interface NewUserFields {
  name: string;
  nickName?: string;
  phoneNumber?: string | null;
  countryCode?: string;
  email?: string;
  isSystemAdmin?: boolean;
  /** The password was generated for the owner (the first administrator): they must replace it first. */
  mustChangePassword?: boolean;
}

/** With the password itself, or with its argon2id hash made beforehand (outside a transaction). */
export type NewUser = NewUserFields & ({ password: string } | { passwordHash: string });

export interface UserServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** Creating accounts: the first administrator, demo data and registration. */
export function createUserService({ db, clock }: UserServiceDeps) {
  return {
    async createUser(input: NewUser, trx: Kysely<Database> = db): Promise<UserRow> {
      const now = clock.now().toISOString();
      const row: UserRow = {
        id: newId(clock.now().getTime()),
        name: input.name,
        nick_name: input.nickName ?? input.name,
        phone_number: input.phoneNumber || null,
        country_code: input.countryCode ?? '86',
        email: input.email ?? '',
        avatar: '',
        settings: toJson({}),
        is_trial: 0,
        is_system_admin: input.isSystemAdmin ? 1 : 0,
        disabled: 0,
        password_hash: 'passwordHash' in input ? input.passwordHash : await hashPassword(input.password),
        created_at: now,
        updated_at: now,
        sex: null,
        city: null,
        work: null,
        project: null,
        company: null,
        position: null,
        locked_until: null,
        must_change_password: input.mustChangePassword ? 1 : 0,
      };
      await createUserRepository(trx).insert(row);
      return row;
    },

    countUsers(trx: Kysely<Database> = db): Promise<number> {
      return createUserRepository(trx).count();
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
