import { LOGIN_ERROR, normalizeCountryCode, type User, validatePhone } from '@lintel/contracts/account';
import { DEFAULT_COUNTRY_CODE } from '@lintel/contracts/system';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { type Attempt, codeTarget, type SmsService, type Source } from '../sms/index';
import type { LockoutService } from './lockout.service';
import { prepareUnknownPassword, verifyPassword, verifyUnknownPassword } from './password';
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
  /** Where the attempt comes from (throttled per address, issue 14). */
  source: Source;
}

/** ?code=true: phone + SMS code; ?double=true: phone (or name) + password + SMS code. */
export interface CodeLogin {
  name?: string | undefined;
  phoneNumber?: string | undefined;
  countryCode?: string | undefined;
  password?: string | undefined;
  code?: string | undefined;
  rememberMe: boolean;
  previousToken: string | null;
  source: Source;
}

export interface LoginResult {
  user: User;
  token: string;
  maxAgeSeconds: number | undefined;
}

export interface SignInOptions {
  rememberMe: boolean;
  previousToken: string | null;
  /** Writes that must happen together with the new session (create the user, use the code up, …). */
  before?: (trx: Kysely<Database>) => Promise<void>;
}

export interface AccountServiceDeps {
  db: Kysely<Database>;
  sessions: SessionService;
  sms: SmsService;
  lockout: LockoutService;
}

export function createAccountService({ db, sessions, sms, lockout }: AccountServiceDeps) {
  void prepareUnknownPassword();
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

  /**
   * The one way a session starts (password, code, registration, reset): in one transaction the caller's
   * writes, the end of the session the request carried (no fixation) and the new session. The callers
   * settle the lockout (a sign-in's attempt, a reset's unlock). `user` is the account's id, or creates the
   * account in the transaction and answers its id (registration).
   */
  async function signIn(
    user: string | ((trx: Kysely<Database>) => Promise<string>),
    options: SignInOptions,
  ): Promise<LoginResult> {
    const started = await db.transaction().execute(async (trx) => {
      if (options.before) await options.before(trx);
      const userId = typeof user === 'string' ? user : await user(trx);
      if (options.previousToken) await sessions.end(options.previousToken, trx);
      return { userId, session: await sessions.start(userId, options.rememberMe, trx) };
    });
    const row = await createUserRepository(db).findById(started.userId);
    if (!row) throw new AppError(404, 'account.usernameNotFound', { code: LOGIN_ERROR.usernameNotFound });
    return {
      user: presentUser(row),
      token: started.session.token,
      maxAgeSeconds: started.session.maxAgeSeconds,
    };
  }

  /** A wrong password or code: counted, and answered with 107 when it was the one that locked the account. */
  async function failed(attempt: Attempt, error: AppError): Promise<never> {
    throw (await attempt.failed()) ?? error;
  }

  /** The attempt went through: the session starts, then the account's earlier failures are taken back. */
  async function succeeded(attempt: Attempt, userId: string, options: SignInOptions): Promise<LoginResult> {
    let result: LoginResult;
    try {
      result = await signIn(userId, options);
    } catch (error) {
      if (error instanceof AppError && error.code === LOGIN_ERROR.codeError) await attempt.failed();
      throw error;
    }
    await attempt.succeeded();
    return result;
  }

  const passwordError = () => new AppError(400, 'account.passwordError', { code: LOGIN_ERROR.passwordError });
  const notFound = () =>
    new AppError(400, 'account.usernameNotFound', { code: LOGIN_ERROR.usernameNotFound });

  /** The account of a code sign-in: by phone (the code goes there), or for ?double=true by name too. */
  async function accountForCode(input: CodeLogin): Promise<{ user: UserRow; phone: string; cc: string }> {
    const phoneGiven = input.phoneNumber !== undefined && input.phoneNumber.trim() !== '';
    if (!phoneGiven && input.name) {
      const user = await findAccount(input.name, input.countryCode);
      if (!user?.phone_number) throw notFound();
      return { user, phone: user.phone_number, cc: user.country_code };
    }
    const phone = (input.phoneNumber ?? '').trim();
    const cc = normalizeCountryCode(input.countryCode);
    const rule = validatePhone(phone, cc);
    if (rule) throw new AppError(400, rule);
    const [user] = await createUserRepository(db).findByPhone(phone, cc);
    if (!user) throw notFound();
    return { user, phone, cc };
  }

  return {
    signIn,

    /**
     * The attempt is counted (per address, per account) before the password is verified; an unknown name
     * costs the same argon2 verification as a wrong password, so the time tells nothing.
     */
    async loginWithPassword(input: PasswordLogin): Promise<LoginResult> {
      if (!input.name) throw new AppError(400, 'account.usernameRequired');
      if (!input.password) throw new AppError(400, 'account.passwordRequired');
      const user = await findAccount(input.name, input.countryCode);
      const attempt = await lockout.begin({ source: input.source, ...(user ? { userId: user.id } : {}) });
      if (!user) {
        await verifyUnknownPassword(input.password);
        return failed(attempt, notFound());
      }
      if (!(await verifyPassword(user.password_hash, input.password))) await failed(attempt, passwordError());
      // Only after the password: a disabled account is not revealed to someone who does not know it.
      if (user.disabled === 1) {
        await attempt.succeeded();
        throw new AppError(403, 'account.disabled');
      }
      return succeeded(attempt, user.id, {
        rememberMe: input.rememberMe,
        previousToken: input.previousToken,
      });
    },

    /**
     * ?code=true (phone + code) and ?double=true (phone + password + code). The code is of purpose login and
     * is used up by a successful sign-in only; a wrong one counts towards the lockout like a wrong password.
     */
    async loginWithCode(input: CodeLogin, double: boolean): Promise<LoginResult> {
      if (double && !input.password) throw new AppError(400, 'account.passwordRequired');
      if (!input.code?.trim())
        throw new AppError(400, 'account.codeRequired', { code: LOGIN_ERROR.codeError });
      const { user, phone, cc } = await accountForCode(input);
      const codeInput = { phoneNumber: phone, countryCode: cc, purpose: 'login' as const, code: input.code };
      const attempt = await lockout.begin({
        source: input.source,
        userId: user.id,
        target: codeTarget(codeInput),
      });
      if (double && !(await verifyPassword(user.password_hash, input.password ?? ''))) {
        await failed(attempt, passwordError());
      }
      let found: Awaited<ReturnType<SmsService['match']>>;
      try {
        found = await sms.match(codeInput, { voidOnWrong: false });
      } catch (error) {
        if (error instanceof AppError && error.code === LOGIN_ERROR.codeError) return failed(attempt, error);
        throw error;
      }
      if (user.disabled === 1) {
        await attempt.succeeded();
        throw new AppError(403, 'account.disabled');
      }
      return succeeded(attempt, user.id, {
        rememberMe: input.rememberMe,
        previousToken: input.previousToken,
        before: (trx) => sms.claim(found, trx),
      });
    },

    async logout(token: string | null): Promise<void> {
      if (token) await sessions.end(token);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
