import { LOGIN_ERROR, type PasswordChange, type User, validatePassword } from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { AuditLog } from '../audit/index';
import { codeError, type SmsService, type Source } from '../sms/index';
import type { AccountService, LoginResult } from './account.service';
import type { LockoutService } from './lockout.service';
import { hashPassword, verifyPassword } from './password';
import type { SessionService } from './session.service';
import { presentUser } from './user.presenter';
import { createUserRepository, type UserRow } from './user.repository';

export interface CredentialsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  sessions: SessionService;
  sms: SmsService;
  account: AccountService;
  lockout: LockoutService;
  audit: AuditLog;
}

/** Password change and reset (the phone and email changes are user-profile.service with reauth.ts). */
export function createCredentialsService({
  db,
  clock,
  sessions,
  sms,
  account,
  lockout,
  audit,
}: CredentialsServiceDeps) {
  const users = () => createUserRepository(db);

  async function existing(userId: string): Promise<UserRow> {
    const user = await users().findById(userId);
    if (!user) throw new AppError(404, 'common.notFound');
    return user;
  }

  async function reread(userId: string): Promise<User> {
    return presentUser(await existing(userId));
  }

  /** The new password must satisfy the rules of the contracts, including "not the account name". */
  function checkNewPassword(user: UserRow, password: string): void {
    const rule = validatePassword(password, { name: user.name, phoneNumber: user.phone_number });
    if (rule) throw new AppError(400, rule);
  }

  return {
    /**
     * PUT users/{id}/password?verify=true by the signed-in user: the old password (104 when wrong), then the
     * new one; every other session of the user ends, the one that made the change stays. The old-password
     * check is an attempt like a sign-in (issue 14): counted per address and per account before it is
     * verified, so a stolen session cannot guess the password (107 once the account is locked).
     */
    async changePassword(
      userId: string,
      sessionId: string | null,
      body: PasswordChange,
      source: Source,
    ): Promise<User> {
      const user = await existing(userId);
      checkNewPassword(user, body.password);
      const oldPasswordError = () =>
        new AppError(400, 'account.oldPasswordError', { code: LOGIN_ERROR.passwordError });
      if (!body.oldPassword) throw oldPasswordError();
      const attempt = await lockout.begin({ source, userId });
      if (!(await verifyPassword(user.password_hash, body.oldPassword))) {
        throw (await attempt.failed()) ?? oldPasswordError();
      }
      await attempt.succeeded();
      // A forced change must replace the generated password, not confirm it (issue 17).
      if (user.must_change_password === 1 && body.password === body.oldPassword) {
        throw new AppError(400, 'account.passwordUnchanged');
      }
      const passwordHash = await hashPassword(body.password);
      await db.transaction().execute(async (trx) => {
        // The owner has now chosen the password: the gate of a generated one opens.
        await createUserRepository(trx).update(
          userId,
          { password_hash: passwordHash, must_change_password: 0 },
          clock.now().toISOString(),
        );
        await sessions.endAllForUser(userId, sessionId ?? undefined, trx);
        await audit.record(
          {
            action: 'auth.passwordChanged',
            actorId: userId,
            ip: source.ip,
            targetType: 'user',
            targetId: userId,
          },
          trx,
        );
      });
      return reread(userId);
    },

    /**
     * PUT users/{id}/password?code=true, the forgot-password flow (no session needed): a reset code sent to
     * the account's phone. Sets the password, ends every session of the user, unlocks the account, and signs
     * the caller in. The account's lock never stops it (the owner's way out); the code is guarded per address
     * and per phone instead, and a wrong one never voids it.
     */
    async resetPassword(
      userId: string,
      body: PasswordChange,
      previousToken: string | null,
      source: Source,
    ): Promise<LoginResult> {
      const user = await existing(userId);
      // Before the code only what needs no account (form, common passwords): the name and phone rule after
      // it, so an anonymous caller cannot test guesses of the account's phone against it.
      const formRule = validatePassword(body.password);
      if (formRule) throw new AppError(400, formRule);
      if (!body.code?.trim()) throw codeError('account.codeRequired');
      if (!user.phone_number) throw codeError();
      const found = await sms.guardedMatch(
        { phoneNumber: user.phone_number, countryCode: user.country_code, purpose: 'reset', code: body.code },
        source,
      );
      if (found.userId !== null && found.userId !== user.id) throw codeError();
      checkNewPassword(user, body.password);
      if (user.disabled === 1) throw new AppError(403, 'account.disabled');
      const passwordHash = await hashPassword(body.password);
      const result = await account.signIn(user.id, {
        rememberMe: false,
        previousToken,
        before: async (trx) => {
          await sms.claim(found, trx);
          await createUserRepository(trx).update(
            user.id,
            { password_hash: passwordHash, must_change_password: 0 },
            clock.now().toISOString(),
          );
          await sessions.endAllForUser(user.id, undefined, trx);
          await audit.record(
            {
              action: 'auth.passwordReset',
              actorId: user.id,
              ip: source.ip,
              targetType: 'user',
              targetId: user.id,
              detail: { via: 'sms' },
            },
            trx,
          );
        },
      });
      await lockout.unlock(user.id);
      return result;
    },
  };
}
export type CredentialsService = ReturnType<typeof createCredentialsService>;
