import { z } from 'zod';
import { idSchema } from '../common/ids';
import { consentSchema } from './clauses';
import { ACCOUNT_RULE, PHONE_CODE_TYPES, SEX, SMS_CODE_MAX_LENGTH } from './rules';
import { emailSchema, realNameSchema } from './schemas';

/** Sex as stored and answered: 0 male, 1 female (spec 000 §3); null until the profile is completed. */
export const sexSchema = z.union([z.literal(SEX.male), z.literal(SEX.female)], {
  error: ACCOUNT_RULE.sexInvalid,
});

/**
 * A user as every answer shows it (spec 000 §3). Never a password hash, a code or a session token.
 * `settings` holds the user's own key → value settings (PUT users/{id}/settings/{key}). The profile fields
 * (`sex` … `position`, spec 000 §3 profile payload) are null until the user completes the profile.
 */
export const userSchema = z.object({
  _id: idSchema,
  name: z.string(),
  nickName: z.string(),
  phoneNumber: z.string(),
  countryCode: z.string(),
  email: z.string(),
  avatar: z.string(),
  settings: z.record(z.string(), z.unknown()),
  isTrial: z.boolean(),
  isSystemAdmin: z.boolean(),
  sex: sexSchema.nullable(),
  /** Province / city / district names joined with '/'. */
  city: z.string().nullable(),
  /** A WORK_OPTIONS key. */
  work: z.string().nullable(),
  /** An ENGINEERING_TYPE_OPTIONS key. */
  project: z.string().nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * true: the account signed in with a password it did not choose (the first administrator's generated one)
   * and must change it before anything else; every other call answers 403 account.passwordChangeRequired.
   * Absent otherwise (issue 17).
   */
  mustChangePassword: z.literal(true).optional(),
});
export type User = z.infer<typeof userSchema>;

/**
 * GET users/{id}?expand=true: the user plus the profile payload as one object (what the profile-completion
 * form edits) and whether it is complete. Nothing secret is added.
 */
export const userExpandedSchema = userSchema.extend({
  profile: z.object({
    sex: sexSchema.nullable(),
    city: z.string().nullable(),
    work: z.string().nullable(),
    project: z.string().nullable(),
    company: z.string().nullable(),
    position: z.string().nullable(),
  }),
  /** city, work, project, company and position are all filled (spec 000 §5 "all info required"). */
  profileComplete: z.boolean(),
});
export type UserExpanded = z.infer<typeof userExpandedSchema>;

/**
 * POST account-service/login. `name` is an account name or a phone number. `?code=true` takes
 * `phoneNumber`, `countryCode` and `code` (an SMS code of purpose login); `?double=true` takes
 * `phoneNumber` (or `name`), `countryCode`, `password` and `code`. `rememberMe` false gives a
 * browser-session cookie, true a 30-day one.
 */
export const loginBodySchema = z.object({
  name: z.string().trim().min(1).max(64).optional(),
  password: z.string().min(1).max(128).optional(),
  code: z.string().max(16).optional(),
  phoneNumber: z.string().max(20).optional(),
  countryCode: z.string().max(4).optional(),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** Business codes of the login calls (spec 000 §8; 107 is ours: the account is locked for a while). */
export const LOGIN_ERROR = {
  usernameNotFound: 102,
  passwordError: 104,
  codeError: 106,
  locked: 107,
} as const;

/** Business codes of POST account-service/register (spec 000 §8). */
export const REGISTER_ERROR = {
  dataEmpty: 101,
  usernameInvalid: 102,
  usernameExists: 103,
  passwordEmpty: 104,
  phoneEmpty: 105,
  codeError: 106,
} as const;

/** Business codes of POST account-service/securities (spec 000 §8). */
export const SMS_ERROR = {
  sendError: 501,
  phoneInvalid: 502,
  limitReached: 503,
} as const;

/** Answer of POST securities: `userId` only for purpose reset (the forgot-password flow needs it). */
export const sendCodeResultSchema = z.object({ userId: idSchema.optional() });
export type SendCodeResult = z.infer<typeof sendCodeResultSchema>;

/**
 * Body of POST securities (and `?verify=true` with `code`). Deliberately loose on the phone: the server
 * answers an invalid phone with business code 502 instead of a generic validation error. Forms validate
 * with `phoneCodeSchema` / `phoneCodeVerifySchema` of the rules.
 */
export const securitiesBodySchema = z.strictObject({
  phoneNumber: z.string().max(32).optional(),
  countryCode: z.string().max(8).optional(),
  type: z.enum(PHONE_CODE_TYPES, { error: ACCOUNT_RULE.codeTypeInvalid }),
  code: z.string().max(SMS_CODE_MAX_LENGTH).optional(),
});
export type SecuritiesBody = z.infer<typeof securitiesBodySchema>;

/**
 * Body of POST register. Every field is optional at this level so that the server can answer the
 * specification's business codes (101 empty, 102 username, 104 password, 105 phone, 106 code); the rules
 * are those of `registrationSchema`. `?verify=true` takes `{name}` or `{phoneNumber, countryCode}` only.
 */
export const registerBodySchema = z.strictObject({
  name: z.string().max(64).optional(),
  password: z.string().max(128).optional(),
  nickName: z.string().max(64).optional(),
  email: z.string().max(320).optional(),
  phoneNumber: z.string().max(32).optional(),
  countryCode: z.string().max(8).optional(),
  code: z.string().max(SMS_CODE_MAX_LENGTH).optional(),
  /** The versions of the user agreement and privacy policy accepted (required when the privacy notice is on). */
  consent: consentSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const existsResultSchema = z.object({ exists: z.boolean() });
export type ExistsResult = z.infer<typeof existsResultSchema>;

/** Avatars are files of the files module: POST base-service/files answers this kind of path. */
export const AVATAR_PATH_PREFIX = '/api/v1/base-service/files/';
export const AVATAR_PATH_MAX_LENGTH = 512;
const AVATAR_PATH_PATTERN = /^\/api\/v1\/base-service\/files\/[A-Za-z0-9._~%-]+(?:\/[A-Za-z0-9._~%-]+)*$/;

/** A path of the files module ('' removes the avatar); no other site, no `..`. */
export const avatarPathSchema = z
  .string()
  .max(AVATAR_PATH_MAX_LENGTH, 'account.avatarInvalid')
  .refine(
    (value) =>
      value === '' ||
      (AVATAR_PATH_PATTERN.test(value) && !value.split('/').some((s) => s === '..' || s === '.')),
    'account.avatarInvalid',
  );

/**
 * PUT users/{id}: what a user may change of their own account, nothing else (strict: `_id`, `name`,
 * `isSystemAdmin`, `password`, … are refused). When any profile field is sent, city, work, project,
 * company and position must all be sent (the rules of `profileSchema`, else account.allInfoRequired).
 */
export const userUpdateSchema = z.strictObject({
  nickName: realNameSchema.optional(),
  avatar: avatarPathSchema.optional(),
  sex: sexSchema.optional(),
  city: z.string().max(200).optional(),
  work: z.string().max(64).optional(),
  project: z.string().max(64).optional(),
  company: z.string().max(200).optional(),
  position: z.string().max(200).optional(),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;
export const PROFILE_FIELDS = ['sex', 'city', 'work', 'project', 'company', 'position'] as const;

// In a module of its own: the sign-in screen takes LOGIN_ERROR from this one, and a zod schema here would
// bring zod to it (a chunk holds whole modules; issue 15 §4, /login ≤ 180 KB).
export { type PasswordChange, passwordChangeSchema } from './passwordChange';

/**
 * Fresh proof of a change of phone or email (issue 14), checked in the same request as the change: the
 * account's current password, or a code of purpose `verify` sent to its CURRENT phone (POST securities with
 * type verify and that phone). A session alone is not enough (403 account.reauthRequired); an account
 * without a phone proves with the password.
 */
export const reauthShape = {
  currentPassword: z.string().max(128).optional(),
  currentPhoneCode: z.string().max(SMS_CODE_MAX_LENGTH).optional(),
};
export type Reauth = { currentPassword?: string | undefined; currentPhoneCode?: string | undefined };

/** PUT users/{id}/phoneNumber: the new phone, a code of purpose bind sent to it, and the fresh proof. */
export const phoneChangeSchema = z.strictObject({
  phoneNumber: z.string().max(32),
  countryCode: z.string().max(8).optional(),
  code: z.string().max(SMS_CODE_MAX_LENGTH),
  ...reauthShape,
});
export type PhoneChange = z.infer<typeof phoneChangeSchema>;

/** PUT users/{id}/email: the new email and the fresh proof. */
export const emailChangeSchema = z.strictObject({ email: emailSchema, ...reauthShape });
export type EmailChange = z.infer<typeof emailChangeSchema>;

/** users/{id}/settings/{key}: keys of letters, digits, `_`, `.`, `-`; values any JSON up to 16 KB. */
export const SETTING_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const SETTING_VALUE_MAX_BYTES = 16 * 1024;
export const SETTINGS_MAX_KEYS = 64;
/** All of one user's settings together (they travel with every answer that carries the user). */
export const SETTINGS_MAX_BYTES = 64 * 1024;
export const settingKeySchema = z
  .string()
  .regex(SETTING_KEY_PATTERN)
  .refine((key) => !['__proto__', 'constructor', 'prototype'].includes(key), 'account.settingKeyInvalid');
export const settingValueSchema = z.strictObject({ value: z.json() });
export type SettingValue = z.infer<typeof settingValueSchema>;
