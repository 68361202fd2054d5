import { z } from 'zod';
import { userSchema } from '../account/user';
import { idSchema } from '../common/ids';

/**
 * Users administration in /system (issue 17): a user as a system administrator sees them, with the state
 * only administrators act on.
 */
export const adminUserSchema = userSchema.omit({ mustChangePassword: true }).extend({
  disabled: z.boolean(),
  /** Sign-in refused until then after too many failures; null when not locked. */
  lockedUntil: z.string().nullable(),
  /** The user must set a new password at the next sign-in. */
  mustChangePassword: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** A place the user belongs to: an enterprise, a branch (circle) or a project, with their role there. */
export const adminUserPlaceSchema = z.object({
  scopeType: z.enum(['enterprise', 'circle', 'project']),
  scopeId: idSchema,
  name: z.string(),
  enterpriseId: idSchema,
  enterpriseName: z.string(),
  role: z.enum(['admin', 'member']),
  /** The permission template's name (projects); null for administrators and other scopes. */
  templateName: z.string().nullable(),
});
export type AdminUserPlace = z.infer<typeof adminUserPlaceSchema>;

export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  places: z.array(adminUserPlaceSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** The actions on a user; each is audited. */
export const ADMIN_USER_ACTIONS = ['disable', 'enable', 'unlock', 'requirePasswordChange'] as const;
export type AdminUserAction = (typeof ADMIN_USER_ACTIONS)[number];

/**
 * POST account-service/admin/users/{id}/{action}: `updatedAt` is the version the administrator saw; a
 * user changed meanwhile answers 409 account.userChanged (the screen reloads the current state).
 */
export const adminUserActionBodySchema = z.strictObject({ updatedAt: z.string().min(1).max(64) });
export type AdminUserActionBody = z.infer<typeof adminUserActionBodySchema>;
