import {
  normalizeCountryCode,
  REGISTER_ERROR,
  type RegisterBody,
  validateEmail,
  validatePassword,
  validatePhone,
  validateRealName,
  validateUsername,
} from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { SmsService, Source } from '../sms/index';
import type { AccountService, LoginResult } from './account.service';
import type { ClausesService } from './clauses.service';
import type { LockoutService } from './lockout.service';
import { hashPassword } from './password';
import { createUserRepository } from './user.repository';
import type { UserService } from './user.service';

export interface RegistrationServiceDeps {
  db: Kysely<Database>;
  users: UserService;
  account: AccountService;
  sms: SmsService;
  lockout: LockoutService;
  /** The user agreement and privacy policy a registration accepts (issue 17, PIPL). */
  clauses: Pick<ClausesService, 'requiredConsent' | 'record'>;
}

const blank = (value: string | undefined) => value === undefined || value.trim() === '';

/**
 * POST register (spec 000 §7, §8): business codes 101 data empty, 102 username invalid, 103 username
 * exists, 104 password empty, 105 phone empty, 106 code error. The other rules of the contracts (password
 * format, real name, email, phone format) answer 400 with the rule's key. While the profile's privacy notice
 * is on, the consent to the user agreement and privacy policy in force is required and recorded with the
 * account (400 account.consentRequired, 409 account.clausesChanged).
 */
export function createRegistrationService({
  db,
  users,
  account,
  sms,
  lockout,
  clauses,
}: RegistrationServiceDeps) {
  const repository = () => createUserRepository(db);

  async function phoneTaken(phoneNumber: string, countryCode: string): Promise<boolean> {
    return (await repository().findByPhone(phoneNumber, countryCode)).length > 0;
  }

  return {
    /**
     * POST register?verify=true: `{name}` or `{phoneNumber, countryCode}` → is it taken? An existence
     * oracle by design (the spec's answer), so rate-limited per address and per name or phone (issue 14).
     */
    async exists(body: RegisterBody, source: Source): Promise<{ exists: boolean }> {
      if (!blank(body.name)) {
        const name = (body.name as string).trim();
        await lockout.lookup(source, `name:${name.toLowerCase()}`);
        return { exists: (await repository().findByName(name)) !== undefined };
      }
      if (!blank(body.phoneNumber)) {
        const phoneNumber = (body.phoneNumber as string).trim();
        const countryCode = normalizeCountryCode(body.countryCode);
        const rule = validatePhone(phoneNumber, countryCode);
        if (rule) throw new AppError(400, rule);
        await lockout.lookup(source, `${countryCode}:${phoneNumber}`);
        return { exists: await phoneTaken(phoneNumber, countryCode) };
      }
      throw new AppError(400, 'account.registerDataEmpty', { code: REGISTER_ERROR.dataEmpty });
    },

    /** Creates the account, uses the register code up and signs the new user in, all or nothing. */
    async register(body: RegisterBody, previousToken: string | null, source: Source): Promise<LoginResult> {
      const { consent: given, ...fields } = body;
      if (Object.values(fields).every((value) => blank(value))) {
        throw new AppError(400, 'account.registerDataEmpty', { code: REGISTER_ERROR.dataEmpty });
      }
      const usernameRule = validateUsername(body.name);
      if (usernameRule) throw new AppError(400, usernameRule, { code: REGISTER_ERROR.usernameInvalid });
      const name = (body.name as string).trim();
      if (!body.password) {
        throw new AppError(400, 'account.passwordRequired', { code: REGISTER_ERROR.passwordEmpty });
      }
      const password = body.password;
      // Not common, not containing the name or the phone being registered (issue 14).
      const passwordRule = validatePassword(password, {
        name,
        phoneNumber: body.phoneNumber?.trim() ?? null,
      });
      if (passwordRule) throw new AppError(400, passwordRule);
      const realNameRule = validateRealName(body.nickName);
      if (realNameRule) throw new AppError(400, realNameRule);
      const emailRule = validateEmail(body.email);
      if (emailRule) throw new AppError(400, emailRule);
      if (blank(body.phoneNumber)) {
        throw new AppError(400, 'account.phoneRequired', { code: REGISTER_ERROR.phoneEmpty });
      }
      const phoneNumber = (body.phoneNumber as string).trim();
      const countryCode = normalizeCountryCode(body.countryCode);
      const phoneRule = validatePhone(phoneNumber, countryCode);
      if (phoneRule) throw new AppError(400, phoneRule);
      if (blank(body.code))
        throw new AppError(400, 'account.codeRequired', { code: REGISTER_ERROR.codeError });
      // With the privacy notice on: the agreement and policy in force, accepted (400 without, 409 stale).
      const consent = await clauses.requiredConsent(given);

      if (await repository().findByName(name)) {
        throw new AppError(409, 'account.usernameExists', { code: REGISTER_ERROR.usernameExists });
      }
      if (await phoneTaken(phoneNumber, countryCode))
        throw new AppError(409, 'account.phoneAlreadyRegistered');
      // A code verified before (a 10-minute grant) or entered now: either way the register code of the phone.
      const found = await sms.guardedMatch(
        { phoneNumber, countryCode, purpose: 'register', code: body.code },
        source,
      );

      // argon2 before the transaction: the database is never held while hashing.
      const passwordHash = await hashPassword(password);
      try {
        return await account.signIn(
          async (trx) => {
            await sms.claim(found, trx);
            const row = await users.createUser(
              {
                name,
                passwordHash,
                nickName: (body.nickName as string).trim(),
                email: (body.email as string).trim(),
                phoneNumber,
                countryCode,
              },
              trx,
            );
            if (consent) await clauses.record(trx, row.id, consent, source.ip);
            return row.id;
          },
          { rememberMe: false, previousToken },
        );
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Someone registered the same name or phone in the meantime.
        if (await repository().findByName(name)) {
          throw new AppError(409, 'account.usernameExists', { code: REGISTER_ERROR.usernameExists });
        }
        if (await phoneTaken(phoneNumber, countryCode))
          throw new AppError(409, 'account.phoneAlreadyRegistered');
        throw new AppError(409, 'account.registerFailed');
      }
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
