import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type AccountRuleKey,
  normalizeCountryCode,
  type PhoneCodeType,
  SMS_ERROR,
  SMS_RESEND_SECONDS,
  validatePhone,
} from '@lintel/contracts/account';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { maskPhone, type SmsProvider, SmsProviderError } from './sms.provider';
import { createSmsRepository, type SmsCodeRow } from './sms.repository';
import type { CodeGuard, Source } from './throttle';

/** A code is valid this long after it was sent. */
export const CODE_TTL_MS = 5 * 60 * 1000;
/** After a successful verify (register, reset) the phone may register / reset this long. */
export const GRANT_TTL_MS = 10 * 60 * 1000;
/**
 * Wrong codes entered against one code before it is void — only where the person entering it is signed in
 * (binding a phone). Anonymous wrong codes never void one (issue 14): a stranger could otherwise void the
 * owner's reset code; they are throttled by source and target instead (CodeGuard).
 */
export const MAX_CODE_ATTEMPTS = 5;
export const PHONE_DAILY_LIMIT = 10;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Rows older than this are useless to every limit and every check. */
const KEEP_MS = 2 * DAY_MS;

/** Who owns a phone number: the account module answers, the SMS module never reads its tables. */
export interface PhoneDirectory {
  findUserIdByPhone(phoneNumber: string, countryCode: string): Promise<string | null>;
}

export interface SmsLimits {
  ipHourly: number;
  daily: number;
}

export interface SmsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  provider: SmsProvider;
  /** SMS_TEST_NUMBERS: phone → fixed code; nothing is sent to them and no send limit applies. */
  testNumbers: ReadonlyMap<string, string>;
  limits: SmsLimits;
  directory: PhoneDirectory;
  /** The sign-in defenses of the account module: attempts at codes and existence questions are counted. */
  guard: CodeGuard;
  log: FastifyBaseLogger;
}

export interface PhoneInput {
  phoneNumber?: string | undefined;
  countryCode?: string | undefined;
}

export interface CodeInput {
  phoneNumber: string;
  countryCode: string;
  purpose: PhoneCodeType;
  code: string | undefined;
}

/** What a correct code proved: the row (to claim it) and the account it was sent for, if any. */
export interface CodeMatch {
  id: string;
  userId: string | null;
}

export function codeError(key: AccountRuleKey | 'account.codeError' = 'account.codeError'): AppError {
  return new AppError(400, key, { code: 106 });
}

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Six digits, uniformly drawn from the CSPRNG. */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The phone of an SMS call: '+86' → '86', digits only, 86 → 1[3-9] and 9 digits. A failure is business code
 * 502 (spec 000 §8) with the rule's own key, before anything else happens.
 */
export function checkSmsPhone(input: PhoneInput): { phoneNumber: string; countryCode: string } {
  const phoneNumber = (input.phoneNumber ?? '').trim();
  const countryCode = normalizeCountryCode(input.countryCode);
  const rule = validatePhone(phoneNumber, countryCode);
  if (rule) throw new AppError(400, rule, { code: SMS_ERROR.phoneInvalid });
  return { phoneNumber, countryCode };
}

const limitReached = () => new AppError(429, 'account.smsLimit', { code: SMS_ERROR.limitReached });

/** The guard's key of a code: phone and purpose. */
export function codeTarget(input: Pick<CodeInput, 'phoneNumber' | 'countryCode' | 'purpose'>): string {
  return `${input.countryCode}:${input.phoneNumber}:${input.purpose}`;
}

export function createSmsService(deps: SmsServiceDeps) {
  const { db, clock, provider, testNumbers, limits, directory, guard, log } = deps;
  const codes = createSmsRepository(db);

  /** Refuses a purpose the phone's owner makes pointless; answers the owner (reset needs the id). */
  async function checkPurpose(phoneNumber: string, countryCode: string, purpose: PhoneCodeType) {
    const owner = await directory.findUserIdByPhone(phoneNumber, countryCode);
    if (purpose === 'register' && owner) throw new AppError(409, 'account.phoneAlreadyRegistered');
    if (purpose === 'bind' && owner) throw new AppError(409, 'account.phoneAlreadyBound');
    if ((purpose === 'login' || purpose === 'reset') && !owner) {
      throw new AppError(404, 'account.phoneNotRegistered');
    }
    return owner;
  }

  /** The row is already inserted (so that concurrent sends see each other): over a limit, it goes again. */
  async function enforceLimits(row: { id: string; ip: string }, phone: string, cc: string, purpose: string) {
    const now = clock.now().getTime();
    const counts = await codes.counts({
      phoneNumber: phone,
      countryCode: cc,
      purpose,
      ip: row.ip,
      purposeSince: new Date(now - SMS_RESEND_SECONDS * 1000).toISOString(),
      hourSince: new Date(now - HOUR_MS).toISOString(),
      daySince: new Date(now - DAY_MS).toISOString(),
    });
    // Each count includes the new row itself.
    const over =
      counts.samePurpose > 1 ||
      counts.phoneDaily > PHONE_DAILY_LIMIT ||
      counts.ipHourly > limits.ipHourly ||
      counts.globalDaily > limits.daily;
    if (over) {
      await codes.deleteById(row.id);
      log.info({ sms: { phoneNumber: maskPhone(phone), purpose }, counts }, 'SMS send refused by a limit');
      throw limitReached();
    }
  }

  /**
   * Checks the code against the newest usable one. A wrong code counts towards voiding it only with
   * `voidOnWrong` (the default; anonymous callers pass false and count the attempt through the guard).
   */
  async function match(input: CodeInput, options: { voidOnWrong?: boolean } = {}): Promise<CodeMatch> {
    const entered = (input.code ?? '').trim();
    if (entered === '') throw codeError('account.codeRequired');
    const now = clock.now().toISOString();
    const live = (await codes.usable(input.phoneNumber, input.countryCode, input.purpose)).filter(
      (row: SmsCodeRow) =>
        now < (row.state === 'verified' ? (row.grant_expires_at ?? row.expires_at) : row.expires_at),
    );
    // Every live code is hashed (no early exit): the time does not tell which one matched.
    const matches = live.map((row) => sameHash(hashCode(row.salt, entered), row.code_hash));
    const row = live[matches.indexOf(true)];
    if (!row) {
      const newest = live[0];
      if (newest && options.voidOnWrong !== false)
        await codes.recordWrongAttempt(newest.id, MAX_CODE_ATTEMPTS);
      throw codeError();
    }
    return { id: row.id, userId: row.user_id };
  }

  /**
   * An anonymous attempt at a code: counted per source and per phone and purpose before it is checked
   * (429 with a delay or a challenge when over); a wrong code never voids the code.
   */
  async function guardedMatch(input: CodeInput, source: Source): Promise<CodeMatch> {
    const attempt = await guard.begin({ source, target: codeTarget(input) });
    try {
      const found = await match(input, { voidOnWrong: false });
      await attempt.succeeded();
      return found;
    } catch (error) {
      if (error instanceof AppError && error.code === 106) await attempt.failed();
      throw error;
    }
  }

  return {
    /**
     * POST securities: a new code for the phone and purpose. 502 invalid phone (the provider is never
     * asked), 409/404 when the purpose does not fit the phone's owner, 503 over a limit, 501 when the
     * provider fails (the row is then marked failed: never usable).
     */
    async send(input: PhoneInput & { purpose: PhoneCodeType; ip: string }): Promise<Record<string, never>> {
      const { phoneNumber, countryCode } = checkSmsPhone(input);
      let owner: string | null;
      try {
        owner = await checkPurpose(phoneNumber, countryCode, input.purpose);
      } catch (error) {
        // "Not registered" / "already registered" tells who has an account: such answers are rate-limited
        // per address and per phone (a send that goes out is limited by the send limits below).
        await guard.lookup({ ip: input.ip }, `${countryCode}:${phoneNumber}`);
        throw error;
      }
      const testCode = testNumbers.get(phoneNumber);
      const code = testCode ?? generateCode();
      const salt = randomBytes(16).toString('hex');
      const now = clock.now();
      const id = newId(now.getTime());
      await codes.insert({
        id,
        phone_number: phoneNumber,
        country_code: countryCode,
        purpose: input.purpose,
        code_hash: hashCode(salt, code),
        salt,
        state: testCode ? 'active' : 'sending',
        attempts: 0,
        user_id: owner,
        ip: input.ip,
        test: testCode ? 1 : 0,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
        grant_expires_at: null,
      });
      if (!testCode) {
        await enforceLimits({ id, ip: input.ip }, phoneNumber, countryCode, input.purpose);
        try {
          await provider.send({ phoneNumber, countryCode, type: input.purpose, code });
        } catch (error) {
          await codes.setState(id, 'failed');
          const reason = error instanceof SmsProviderError ? error.message : 'unexpected error';
          log.warn(
            { sms: { provider: provider.name, phoneNumber: maskPhone(phoneNumber), purpose: input.purpose } },
            `SMS send failed: ${reason}`,
          );
          throw new AppError(502, 'account.smsSendFailed', { code: SMS_ERROR.sendError });
        }
        await codes.activate(id);
      }
      await codes.voidOthers(phoneNumber, countryCode, input.purpose, id);
      // Never the owner's id (issue 14): that comes with the verified reset code.
      return {};
    },

    /**
     * POST securities?verify=true. A correct register or reset code grants the phone that right for the
     * next 10 minutes (the code then stays usable that long); login and bind codes are only checked here and
     * are used up by the sign-in or the binding.
     */
    async verify(
      input: PhoneInput & { purpose: PhoneCodeType; code: string | undefined; source: Source },
    ): Promise<{ userId?: string }> {
      const phone = checkSmsPhone(input);
      if ((input.code ?? '').trim() === '') throw codeError('account.codeRequired');
      const found = await guardedMatch({ ...phone, purpose: input.purpose, code: input.code }, input.source);
      if (input.purpose === 'register' || input.purpose === 'reset') {
        const grantUntil = new Date(clock.now().getTime() + GRANT_TTL_MS).toISOString();
        await codes.markVerified(found.id, grantUntil);
      }
      // The reset continues with PUT users/{id}/password?code=true: the verified code proves the phone.
      return input.purpose === 'reset' && found.userId ? { userId: found.userId } : {};
    },

    match,
    guardedMatch,

    /** Uses the matched code up (single use, across processes); 106 when someone else was first. */
    async claim(found: CodeMatch, trx: Kysely<Database> = db): Promise<void> {
      if (!(await createSmsRepository(trx).consume(found.id))) throw codeError();
    },

    /** match + claim in one go. */
    async consume(input: CodeInput): Promise<CodeMatch> {
      const found = await match(input);
      if (!(await codes.consume(found.id))) throw codeError();
      return found;
    },

    async deleteOld(): Promise<void> {
      await codes.deleteCreatedBefore(new Date(clock.now().getTime() - KEEP_MS).toISOString());
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
