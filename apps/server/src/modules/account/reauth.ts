import { LOGIN_ERROR, type Reauth } from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { CodeMatch, SmsService } from '../sms/index';
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
   * Called before a current password is verified, and told the outcome after; the attempt limit of the
   * password checks (issue 14, item 13) plugs in here. Throws to refuse the attempt (e.g. 429).
   */
  passwordAttempts?: {
    before(user: UserRow): Promise<void>;
    after(user: UserRow, correct: boolean): Promise<void>;
  };
}

/**
 * Fresh proof for a change of phone or email (issue 14): a session alone is not enough. The current password
 * (wrong: 400 business code 104), or a code of purpose `verify` sent to the account's CURRENT phone (wrong:
 * 106; five wrong entries void it, which only the account's own session can do). The proof is checked in the
 * same request as the change, so there is no grant to steal or to outlive the change. Neither given: 403.
 */
export function createReauth({ sms, passwordAttempts }: ReauthDeps) {
  return {
    async check(user: UserRow, proof: Reauth): Promise<ReauthProof> {
      const password = proof.currentPassword ?? '';
      const code = proof.currentPhoneCode?.trim() ?? '';
      if (password !== '') {
        await passwordAttempts?.before(user);
        const correct = await verifyPassword(user.password_hash, password);
        await passwordAttempts?.after(user, correct);
        if (!correct) {
          throw new AppError(400, 'account.currentPasswordError', { code: LOGIN_ERROR.passwordError });
        }
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
