import { z } from 'zod';
import { ENGINEERING_TYPE_OPTIONS, WORK_OPTIONS } from './options';
import {
  ACCOUNT_RULE,
  type AccountRuleKey,
  COUNTRY_CODE_PATTERN,
  charCount,
  isPhoneDigits,
  isValidPhone,
  normalizeCountryCode,
  PHONE_CODE_TYPES,
  PROFILE_TEXT_MAX_LENGTH,
  SEX,
  validateCity,
  validateEmail,
  validatePassword,
  validatePasswordConfirmation,
  validateProjectShortName,
  validateRealName,
  validateRemark,
  validateSmsCode,
  validateUsername,
  validateViewportName,
} from './rules';

// The zod schemas of the account rules, apart from rules.ts: a screen that only checks a field with the pure
// rules (the account page, the sign-up steps) loaded zod with them, as a chunk holds whole modules (issue 15 §4).

/** A pure rule's answer: the failing key, or null (as in rules.ts). */
type Rule = AccountRuleKey | null;

// ── zod schemas ──────────────────────────────────────────────────────────────────────────────────────────

/** A string field checked by one pure rule; a missing or non-string value gives `missingKey`. */
function ruleString(rule: (value: string) => Rule, missingKey: AccountRuleKey, trim = true) {
  const base = z.string({ error: missingKey });
  return (trim ? base.trim() : base).superRefine((value, ctx) => {
    const key = rule(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });
}

export const usernameSchema = ruleString(validateUsername, ACCOUNT_RULE.usernameRequired);
export const realNameSchema = ruleString(validateRealName, ACCOUNT_RULE.realNameRequired);
export const emailSchema = ruleString(validateEmail, ACCOUNT_RULE.emailRequired);
/** The password alone (length, characters, not a common one); name and phone need the whole payload. */
export const passwordSchema = ruleString((v) => validatePassword(v), ACCOUNT_RULE.passwordRequired, false);
export const smsCodeSchema = ruleString(validateSmsCode, ACCOUNT_RULE.codeRequired);
export const remarkSchema = ruleString(validateRemark, ACCOUNT_RULE.remarkTooLong);
export const projectShortNameSchema = ruleString(
  validateProjectShortName,
  ACCOUNT_RULE.projectShortNameTooLong,
);
export const viewportNameSchema = ruleString(validateViewportName, ACCOUNT_RULE.viewportNameRequired);

/** '86', '+86', '0086' → '86'; missing → the default country code. */
export const countryCodeFieldSchema = z
  .string({ error: ACCOUNT_RULE.countryCodeInvalid })
  .optional()
  .transform((v) => normalizeCountryCode(v))
  .pipe(z.string().regex(COUNTRY_CODE_PATTERN, ACCOUNT_RULE.countryCodeInvalid));

/** Digits only, 5 to 15 of them: the part of the phone rule that does not depend on the country. */
export const phoneNumberFieldSchema = ruleString((value) => {
  if (value === '') return ACCOUNT_RULE.phoneRequired;
  return isPhoneDigits(value) ? null : ACCOUNT_RULE.phoneInvalid;
}, ACCOUNT_RULE.phoneRequired);

/**
 * Adds the country-dependent phone rule (86 → 1[3-9] + 9 digits) to a payload with phoneNumber and countryCode.
 * Only reported when both fields passed on their own (digits, 5–15; a 1–4 digit country code), so a field
 * never gets two issues and a bad country code is not reported as a bad phone.
 */
function checkPhoneForCountry(
  value: { phoneNumber: string; countryCode: string },
  ctx: z.RefinementCtx,
): void {
  if (!isPhoneDigits(value.phoneNumber) || !COUNTRY_CODE_PATTERN.test(value.countryCode)) return;
  if (!isValidPhone(value.phoneNumber, value.countryCode)) {
    ctx.addIssue({ code: 'custom', message: ACCOUNT_RULE.phoneInvalid, path: ['phoneNumber'] });
  }
}

/** POST account-service/register (spec 000 §3): `name` is the username, `nickName` the real name. */
export const registrationSchema = z
  .object({
    name: usernameSchema,
    password: passwordSchema,
    nickName: realNameSchema,
    email: emailSchema,
    phoneNumber: phoneNumberFieldSchema,
    countryCode: countryCodeFieldSchema,
    code: smsCodeSchema,
  })
  .superRefine((value, ctx) => {
    checkPhoneForCountry(value, ctx);
    // The password's own rules are passwordSchema's issue; here only what needs the name and phone.
    const rule = validatePassword(value.password, { name: value.name, phoneNumber: value.phoneNumber });
    if (rule && validatePassword(value.password) === null) {
      ctx.addIssue({ code: 'custom', message: rule, path: ['password'] });
    }
  });
export type RegistrationPayload = z.infer<typeof registrationSchema>;
export type RegistrationInput = z.input<typeof registrationSchema>;

/** Registration step 1 as the web form holds it: the payload's own fields plus the confirmation. */
export const registrationFormSchema = z
  .object({
    name: usernameSchema,
    nickName: realNameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: ACCOUNT_RULE.confirmPasswordRequired }),
  })
  .superRefine((value, ctx) => {
    const rule = validatePassword(value.password, value.name);
    if (rule && validatePassword(value.password) === null) {
      ctx.addIssue({ code: 'custom', message: rule, path: ['password'] });
    }
    const confirm = validatePasswordConfirmation(value.password, value.confirmPassword);
    if (confirm) ctx.addIssue({ code: 'custom', message: confirm, path: ['confirmPassword'] });
  });
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/** A required profile text: missing or blank → account.allInfoRequired; over 50 characters → fieldTooLong. */
const profileText = ruleString((v) => {
  if (v === '') return ACCOUNT_RULE.allInfoRequired;
  return charCount(v) > PROFILE_TEXT_MAX_LENGTH ? ACCOUNT_RULE.fieldTooLong : null;
}, ACCOUNT_RULE.allInfoRequired);

/**
 * Profile completion (registration step 2, spec 000 §3, §5): every field is required, else
 * account.allInfoRequired. `city` is the cascader's names joined with '/' (see `joinCity`, and `cityLabel` in
 * `@lintel/contracts/districts`); `work` is a WORK_OPTIONS key, `project` an ENGINEERING_TYPE_OPTIONS key.
 */
export const profileSchema = z.object({
  sex: z.union([z.literal(SEX.male), z.literal(SEX.female)], {
    error: (issue) => (issue.input == null ? ACCOUNT_RULE.allInfoRequired : ACCOUNT_RULE.sexInvalid),
  }),
  city: ruleString(validateCity, ACCOUNT_RULE.allInfoRequired),
  work: z.enum(WORK_OPTIONS, {
    error: (issue) =>
      issue.input == null || issue.input === '' ? ACCOUNT_RULE.allInfoRequired : ACCOUNT_RULE.workInvalid,
  }),
  project: z.enum(ENGINEERING_TYPE_OPTIONS, {
    error: (issue) =>
      issue.input == null || issue.input === ''
        ? ACCOUNT_RULE.allInfoRequired
        : ACCOUNT_RULE.engineeringTypeInvalid,
  }),
  company: profileText,
  position: profileText,
});
export type ProfilePayload = z.infer<typeof profileSchema>;

const phoneCodeShape = {
  phoneNumber: phoneNumberFieldSchema,
  countryCode: countryCodeFieldSchema,
  type: z.enum(PHONE_CODE_TYPES, { error: ACCOUNT_RULE.codeTypeInvalid }),
};

/** POST account-service/securities: ask for a code (no `code` yet, or one given when verifying). */
export const phoneCodeSchema = z
  .object({ ...phoneCodeShape, code: smsCodeSchema.optional() })
  .superRefine(checkPhoneForCountry);
export type PhoneCodePayload = z.infer<typeof phoneCodeSchema>;

/** POST account-service/securities?verify=true: the same with the code required. */
export const phoneCodeVerifySchema = z
  .object({ ...phoneCodeShape, code: smsCodeSchema })
  .superRefine(checkPhoneForCountry);
export type PhoneCodeVerifyPayload = z.infer<typeof phoneCodeVerifySchema>;

/** The message keys of a failed parse, by field path ('' for the root): what a form shows next to each field. */
export function ruleKeysByField(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in out)) out[path] = issue.message;
  }
  return out;
}
