import type { User } from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AccountModule } from '../account/index';
import { presentUser } from '../account/user.presenter';
import { createUserRepository } from '../account/user.repository';
import type { Source } from '../sms/index';

export interface SignedIn {
  user: User;
  token: string;
  maxAgeSeconds: number | undefined;
}

/**
 * What the identity module needs of the account module, and nothing more: account lookup, the password
 * sign-in with its rules and codes (102, 104, lockout, disabled), and the one way a session starts.
 */
export interface AccountPort {
  findUser(id: string): Promise<{ user: User; disabled: boolean } | null>;
  loginWithPassword(input: {
    name: string;
    password: string;
    rememberMe: boolean;
    previousToken: string | null;
    /** Throttled per address like any sign-in (issue 14). */
    source: Source;
  }): Promise<SignedIn>;
  signIn(userId: string, options: { rememberMe: boolean; previousToken: string | null }): Promise<SignedIn>;
  endSession(token: string): Promise<void>;
}

export function accountPortOf(module: AccountModule, db: Kysely<Database>): AccountPort {
  return {
    async findUser(id) {
      const row = await createUserRepository(db).findById(id);
      return row ? { user: presentUser(row), disabled: row.disabled === 1 } : null;
    },
    loginWithPassword: (input) => module.account.loginWithPassword(input),
    signIn: (userId, options) => module.account.signIn(userId, options),
    endSession: (token) => module.sessions.end(token),
  };
}
