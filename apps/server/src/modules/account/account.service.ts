import { LOGIN_ERROR, type User } from '@lintel/contracts/account';
import { DEFAULT_COUNTRY_CODE } from '@lintel/contracts/system';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { verifyPassword } from './password';
import type { SessionService } from './session.service';
import { presentUser } from './user.presenter';
import { createUserRepository, type UserRow } from './user.repository';

export interface PasswordLogin {
  /** An account name or a phone number. */
  name?: string | undefined;
  password?: string | undefined;
  countryCode?: string | undefined;
  rememberMe: boolean;
  /** The token of the cookie the request carried, if any: it is ended first (no session fixation). */
  previousToken: string | null;
}

export interface LoginResult {
  user: User;
  token: string;
  maxAgeSeconds: number | undefined;
}

export interface AccountServiceDeps {
  db: Kysely<Database>;
  sessions: SessionService;
}

export function createAccountService({ db, sessions }: AccountServiceDeps) {
  /** By account name first; else by phone number (86 preferred when the number exists in several countries). */
  async function findAccount(name: string, countryCode: string | undefined): Promise<UserRow | undefined> {
    const users = createUserRepository(db);
    const byName = await users.findByName(name);
    if (byName) return byName;
    if (!/^\d+$/.test(name)) return undefined;
    const byPhone = await users.findByPhone(name, countryCode);
    if (byPhone.length <= 1) return byPhone[0];
    return byPhone.find((u) => u.country_code === DEFAULT_COUNTRY_CODE);
  }

  return {
    async loginWithPassword(input: PasswordLogin): Promise<LoginResult> {
      if (!input.name) throw new AppError(400, 'account.usernameRequired');
      if (!input.password) throw new AppError(400, 'account.passwordRequired');
      const user = await findAccount(input.name, input.countryCode);
      if (!user) throw new AppError(400, 'account.usernameNotFound', { code: LOGIN_ERROR.usernameNotFound });
      if (!(await verifyPassword(user.password_hash, input.password))) {
        throw new AppError(400, 'account.passwordError', { code: LOGIN_ERROR.passwordError });
      }
      // Only after the password: a disabled account is not revealed to someone who does not know it.
      if (user.disabled === 1) throw new AppError(403, 'account.disabled');
      const started = await db.transaction().execute(async (trx) => {
        if (input.previousToken) await sessions.end(input.previousToken, trx);
        return sessions.start(user.id, input.rememberMe, trx);
      });
      return { user: presentUser(user), token: started.token, maxAgeSeconds: started.maxAgeSeconds };
    },

    async logout(token: string | null): Promise<void> {
      if (token) await sessions.end(token);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
