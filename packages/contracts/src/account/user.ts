import { z } from 'zod';
import { idSchema } from '../common/ids';

/**
 * A user as every answer shows it (spec 000 §3). Never a password hash, a code or a session token.
 * `settings` holds the user's own key → value settings (PUT users/{id}/settings/{key}).
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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * POST account-service/login. `name` is an account name or a phone number. The SMS variants
 * (`?code=true`, `?double=true`) add `code` and the phone fields. `rememberMe` false gives a
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

/** Business codes of the login call (spec 000 §8). */
export const LOGIN_ERROR = {
  usernameNotFound: 102,
  passwordError: 104,
  codeError: 106,
} as const;
