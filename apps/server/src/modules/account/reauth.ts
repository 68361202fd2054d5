import { LOGIN_ERROR, type Reauth } from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { Attempt, CodeMatch, SmsService, Source } from '../sms/index';
import { verifyPassword } from './password';
import type { UserRow } from './user.repository';

/** A wrong proof code is 106 like any code, with its own key: a phone change also carries the bind code. */
const proofCodeError = () =>
  new AppError(400, 'account.currentPhoneCodeError', { code: LOGIN_ERROR.codeError });
const isCodeError = (error: unknown) => error instanceof AppError && error.code === LOGIN_ERROR.codeError;

/**
 * What a checked proof leaves to do inside the change's transaction: a `verify` code is used up there, so
 * one code proves one change (two parallel changes with one code: one wins, the other gets 106).
 */
export interface ReauthProof {
  claim(trx: Kysely<Database>): Promise<void>;
}

export interface ReauthDeps {
  sms: SmsService;
  /**
   * The sign-in defenses' attempt counter (lockout.service): a current password is an attempt like a sign-in,
   * counted per address and per account BEFORE it is verified, so a stolen session cannot guess the password
   * through a phone or email change (107 once the account is locked, 429 waits and challenges per address).
   */
  attempts?: { begin(input: { source?: Source; userId?: string }): Promise<Attempt> };
}

/**
 * Fresh proof for a change of phone or email (issue 14): a session alone is not enough. The current password
 * (wrong: 400 business code 104), or a code of purpose `verify` sent to the account's CURRENT phone (wrong:
 * 106; five wrong entries void it, which only the account's own session can do). The proof is checked in the
 * same request as the change, so there is no grant to steal or to outlive the change. Neither given: 403.
 */
export function createReauth({ sms, attempts }: ReauthDeps) {
  return {
    async check(user: UserRow, proof: Reauth, source?: Source): Promise<ReauthProof> {
      const password = proof.currentPassword ?? '';
      const code = proof.currentPhoneCode?.trim() ?? '';
      if (password !== '') {
        const attempt = attempts
          ? await attempts.begin({ ...(source ? { source } : {}), userId: user.id })
          : null;
        if (!(await verifyPassword(user.password_hash, password))) {
          throw (
            (await attempt?.failed()) ??
            new AppError(400, 'account.currentPasswordError', { code: LOGIN_ERROR.passwordError })
          );
        }
        await attempt?.succeeded();
        return { claim: async () => {} };
      }
      if (code !== '') {
        if (!user.phone_number)
          throw new AppError(400, 'account.reauthNoPhone', { code: LOGIN_ERROR.codeError });
        const found: CodeMatch = await sms
          .match({ phoneNumber: user.phone_number, countryCode: user.country_code, purpose: 'verify', code })
          .catch((error: unknown) => {
            throw isCodeError(error) ? proofCodeError() : error;
          });
        // The code went to this phone while it was this account's (not to a number since moved elsewhere).
        if (found.userId !== user.id) throw proofCodeError();
        return {
          claim: (trx) =>
            sms.claim(found, trx).catch((error: unknown) => {
              throw isCodeError(error) ? proofCodeError() : error;
            }),
        };
      }
      throw new AppError(403, 'account.reauthRequired');
    },
  };
}
export type ReauthService = ReturnType<typeof createReauth>;
