import { z } from 'zod';
import { SMS_CODE_MAX_LENGTH } from './rules';

/**
 * PUT users/{id}/password. `?verify=true` (or no flag): the signed-in user with `oldPassword`.
 * `?code=true`: the forgot-password flow, `code` of purpose reset sent to the account's phone.
 */
export const passwordChangeSchema = z.strictObject({
  password: z.string().max(128),
  oldPassword: z.string().max(128).optional(),
  code: z.string().max(SMS_CODE_MAX_LENGTH).optional(),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
