import {
  type EmailChange,
  normalizeCountryCode,
  type PhoneChange,
  PROFILE_FIELDS,
  profileSchema,
  SETTING_VALUE_MAX_BYTES,
  SETTINGS_MAX_BYTES,
  SETTINGS_MAX_KEYS,
  type User,
  type UserExpanded,
  type UserUpdate,
  validatePhone,
} from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { isUniqueViolation } from '../../db/errors';
import { fromJson, toJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { FilterSpec } from '../../db/where';
import { AppError, type AppErrorDetail } from '../../plugins/app-error';
import { type ErrorKey, isErrorKey } from '../../plugins/messages';
import type { SmsService, Source } from '../sms/index';
import type { ReauthService } from './reauth';
import { presentUser, presentUserExpanded } from './user.presenter';
import { createUserRepository, type UserChanges, type UserRow } from './user.repository';

/** GET admin/users: the fields `where` may filter on ($regex: case-insensitive substring). */
export const ADMIN_USER_FILTERS: FilterSpec = {
  name: { type: 'string', column: 'name' },
  nickName: { type: 'string', column: 'nick_name' },
  phoneNumber: { type: 'string', column: 'phone_number' },
  email: { type: 'string', column: 'email' },
};

export interface UserProfileServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  sms: SmsService;
  /** Fresh proof (current password or a code to the current phone) for a change of phone or email. */
  reauth: ReauthService;
}

/** A change of phone or email: the user after it, and what it replaced (for the notices). */
export interface ContactChange {
  user: User;
  before: { phoneNumber: string | null; countryCode: string; email: string };
}

function contactOf(user: UserRow): ContactChange['before'] {
  return { phoneNumber: user.phone_number, countryCode: user.country_code, email: user.email };
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * The profile group of PUT users/{id}: with any of its fields, city, work, project, company and position
 * are all required (spec 000 §5), checked by the contracts' profileSchema (sex stays optional).
 */
function profileChanges(body: UserUpdate): UserChanges {
  if (!PROFILE_FIELDS.some((field) => body[field] !== undefined)) return {};
  const parsed = profileSchema.partial({ sex: true }).safeParse({
    sex: body.sex,
    city: body.city,
    work: body.work,
    project: body.project,
    company: body.company,
    position: body.position,
  });
  if (!parsed.success) {
    const details: AppErrorDetail[] = parsed.error.issues.map((issue) => ({
      path: ['body', ...issue.path.map(String)].join('.'),
      key: isErrorKey(issue.message) ? issue.message : 'validation.invalid',
    }));
    const key: ErrorKey = details.some((d) => d.key === 'account.allInfoRequired')
      ? 'account.allInfoRequired'
      : (details[0]?.key ?? 'common.validation');
    throw new AppError(400, key, { details });
  }
  const profile = parsed.data;
  return {
    ...(profile.sex === undefined ? {} : { sex: profile.sex }),
    city: profile.city,
    work: profile.work,
    project: profile.project,
    company: profile.company,
    position: profile.position,
  };
}

/** The user's own account (GET, PUT users/{id}, email, settings); the administrators' search is admin-users. */
export function createUserProfileService({ db, clock, sms, reauth }: UserProfileServiceDeps) {
  const users = () => createUserRepository(db);

  async function existing(userId: string): Promise<UserRow> {
    const user = await users().findById(userId);
    if (!user) throw new AppError(404, 'common.notFound');
    return user;
  }

  return {
    async get(userId: string, expand: boolean): Promise<User | UserExpanded> {
      const row = await existing(userId);
      return expand ? presentUserExpanded(row) : presentUser(row);
    },

    async update(userId: string, body: UserUpdate): Promise<User> {
      const changes: UserChanges = {
        ...(body.nickName === undefined ? {} : { nick_name: body.nickName }),
        ...(body.avatar === undefined ? {} : { avatar: body.avatar }),
        ...profileChanges(body),
      };
      await existing(userId);
      if (Object.keys(changes).length > 0) await users().update(userId, changes, clock.now().toISOString());
      return presentUser(await existing(userId));
    },

    /**
     * PUT users/{id}/email with fresh proof (issue 14). Emails are contact data, not sign-in names: two
     * accounts may share one.
     */
    async changeEmail(userId: string, body: EmailChange, source?: Source): Promise<ContactChange> {
      const user = await existing(userId);
      const proof = await reauth.check(user, body, source);
      await db.transaction().execute(async (trx) => {
        await proof.claim(trx);
        await createUserRepository(trx).update(userId, { email: body.email }, clock.now().toISOString());
      });
      return { user: presentUser(await existing(userId)), before: contactOf(user) };
    },

    /**
     * PUT users/{id}/phoneNumber: a new phone (not the current one, nobody else's), its bind code, and fresh
     * proof (issue 14: a code to the new phone alone let a stolen session take the account over through a
     * reset). Both codes are used up in the transaction of the change.
     */
    async changePhone(userId: string, body: PhoneChange, source?: Source): Promise<ContactChange> {
      const user = await existing(userId);
      const phoneNumber = body.phoneNumber.trim();
      const countryCode = normalizeCountryCode(body.countryCode);
      const rule = validatePhone(phoneNumber, countryCode);
      if (rule) throw new AppError(400, rule);
      if (user.phone_number === phoneNumber && user.country_code === countryCode) {
        throw new AppError(400, 'account.phoneUnchanged');
      }
      const proof = await reauth.check(user, body, source);
      if ((await users().findByPhone(phoneNumber, countryCode)).length > 0) {
        throw new AppError(409, 'account.phoneAlreadyBound');
      }
      const found = await sms.match({ phoneNumber, countryCode, purpose: 'bind', code: body.code });
      try {
        await db.transaction().execute(async (trx) => {
          await proof.claim(trx);
          await sms.claim(found, trx);
          await createUserRepository(trx).update(
            userId,
            { phone_number: phoneNumber, country_code: countryCode },
            clock.now().toISOString(),
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'account.phoneAlreadyBound');
        throw error;
      }
      return { user: presentUser(await existing(userId)), before: contactOf(user) };
    },

    /** The phone the account has now (for the notice of a password change). */
    async contact(userId: string): Promise<ContactChange['before']> {
      return contactOf(await existing(userId));
    },

    async getSetting(userId: string, key: string): Promise<{ value: unknown }> {
      const settings = fromJson<Record<string, unknown>>((await existing(userId)).settings, {});
      return { value: Object.hasOwn(settings, key) ? settings[key] : null };
    },

    /** One key of the user's settings document, read and written under the row's lock. */
    async putSetting(userId: string, key: string, value: unknown): Promise<{ value: unknown }> {
      if (byteLength(toJson(value)) > SETTING_VALUE_MAX_BYTES) {
        throw new AppError(413, 'account.settingTooLarge', { params: { max: SETTING_VALUE_MAX_BYTES } });
      }
      await db.transaction().execute(async (trx) => {
        const repository = createUserRepository(trx);
        if (!(await repository.lockForUpdate(userId))) throw new AppError(404, 'common.notFound');
        const row = await repository.findById(userId);
        const current = fromJson<Record<string, unknown>>(row?.settings, {});
        // fromEntries defines own properties: no key can reach a prototype.
        const next = Object.fromEntries([
          ...Object.entries(current).filter(([k]) => k !== key),
          [key, value],
        ]);
        if (Object.keys(next).length > SETTINGS_MAX_KEYS) {
          throw new AppError(400, 'account.settingsTooMany', { params: { max: SETTINGS_MAX_KEYS } });
        }
        const text = toJson(next);
        if (byteLength(text) > SETTINGS_MAX_BYTES) {
          throw new AppError(413, 'account.settingsTooLarge', { params: { max: SETTINGS_MAX_BYTES } });
        }
        await repository.update(userId, { settings: text }, clock.now().toISOString());
      });
      return { value };
    },
  };
}
export type UserProfileService = ReturnType<typeof createUserProfileService>;
