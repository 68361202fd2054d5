import { z } from 'zod';
import { idSchema } from '../common/ids';
import { ENTERPRISE_SHORT_NAME_MAX_LENGTH, enterpriseSchema, ORG_NAME_MAX_LENGTH } from '../org/schemas';

/**
 * Enterprises as the system administrator manages them (`/system` → enterprises): plan and quotas —
 * accounts, projects, storage — with what each enterprise uses of them. Kept apart from `org` so that the
 * screens which only read enterprises do not load these rules.
 */

// ── plans ────────────────────────────────────────────────────────────────────────────────────────────────

/** The plans an enterprise can be on. Stored in `paidPlan`; older rows may hold '' or another text. */
export const ENTERPRISE_PLANS = ['trial', 'standard', 'professional', 'enterprise'] as const;
export type EnterprisePlan = (typeof ENTERPRISE_PLANS)[number];
export const enterprisePlanSchema = z.enum(ENTERPRISE_PLANS);

export function isEnterprisePlan(value: string): value is EnterprisePlan {
  return (ENTERPRISE_PLANS as readonly string[]).includes(value);
}

const GIB = 1024 ** 3;
const TIB = 1024 ** 4;
const PIB = 1024 ** 5;

/** What a quota may be at all (spec 001 §8: over the maximum / under the minimum). null: unlimited. */
export const QUOTA_BOUNDS = {
  accountCapacity: { min: 1, max: 100_000 },
  projectLimit: { min: 1, max: 100_000 },
  spaceCapacity: { min: GIB, max: PIB },
} as const;
export type QuotaField = keyof typeof QUOTA_BOUNDS;
export const QUOTA_FIELDS = [
  'accountCapacity',
  'projectLimit',
  'spaceCapacity',
] as const satisfies QuotaField[];

/**
 * Each plan's ceiling per quota (spec 001 §8 "allocated accounts exceed the paid plan limit"), and the
 * quotas a new enterprise on that plan starts with. null ceiling: up to QUOTA_BOUNDS, unlimited allowed.
 */
export const PLAN_LIMITS: Record<
  EnterprisePlan,
  { ceiling: Record<QuotaField, number | null>; defaults: Record<QuotaField, number | null> }
> = {
  trial: {
    ceiling: { accountCapacity: 10, projectLimit: 1, spaceCapacity: GIB },
    defaults: { accountCapacity: 10, projectLimit: 1, spaceCapacity: GIB },
  },
  standard: {
    ceiling: { accountCapacity: 100, projectLimit: 10, spaceCapacity: 100 * GIB },
    defaults: { accountCapacity: 50, projectLimit: 5, spaceCapacity: 50 * GIB },
  },
  professional: {
    ceiling: { accountCapacity: 1000, projectLimit: 100, spaceCapacity: TIB },
    defaults: { accountCapacity: 500, projectLimit: 50, spaceCapacity: 500 * GIB },
  },
  enterprise: {
    ceiling: { accountCapacity: null, projectLimit: null, spaceCapacity: null },
    defaults: { accountCapacity: null, projectLimit: null, spaceCapacity: null },
  },
};

/** Why a quota is refused, before any usage is known; null: acceptable for the plan. */
export type QuotaProblem =
  | { field: QuotaField; reason: 'tooLow' | 'tooHigh' | 'overPlan'; limit: number }
  | { field: QuotaField; reason: 'unlimitedNotInPlan' };

/** The pure part of the quota rules, shared by the form and the server. */
export function quotaProblem(
  plan: EnterprisePlan,
  field: QuotaField,
  value: number | null,
): QuotaProblem | null {
  const ceiling = PLAN_LIMITS[plan].ceiling[field];
  if (value === null) return ceiling === null ? null : { field, reason: 'unlimitedNotInPlan' };
  const bounds = QUOTA_BOUNDS[field];
  if (value < bounds.min) return { field, reason: 'tooLow', limit: bounds.min };
  if (value > bounds.max) return { field, reason: 'tooHigh', limit: bounds.max };
  if (ceiling !== null && value > ceiling) return { field, reason: 'overPlan', limit: ceiling };
  return null;
}

// ── records ──────────────────────────────────────────────────────────────────────────────────────────────

/** What an enterprise uses of its quotas now. */
export const enterpriseUsageSchema = z.object({
  /** Distinct accounts that are members anywhere in the enterprise. */
  accounts: z.number().int().min(0),
  /** Projects not deleted. */
  projects: z.number().int().min(0),
  /** Bytes stored by its projects' files. */
  spaceUsed: z.number().int().min(0),
});
export type EnterpriseUsage = z.infer<typeof enterpriseUsageSchema>;

/** GET admin/enterprises/{id}: the enterprise, its usage and its administrators. */
export const adminEnterpriseSchema = enterpriseSchema.extend({
  usage: enterpriseUsageSchema,
  admins: z.array(z.object({ _id: idSchema, name: z.string(), nickName: z.string() })),
});
export type AdminEnterprise = z.infer<typeof adminEnterpriseSchema>;

// ── payloads ─────────────────────────────────────────────────────────────────────────────────────────────

/** Loose integers: bounds and plan ceilings answer the spec's capacity errors, not a validation error. */
const quota = z.number().int().nullable();

const enterpriseFieldsShape = {
  name: z.string().trim().min(1).max(ORG_NAME_MAX_LENGTH),
  shortName: z.string().trim().max(ENTERPRISE_SHORT_NAME_MAX_LENGTH),
  plan: enterprisePlanSchema,
  accountCapacity: quota,
  projectLimit: quota,
  /** Bytes. */
  spaceCapacity: quota,
};

/** POST admin/enterprises. `admin`: the account name or phone number of its first administrator. */
export const adminEnterpriseCreateSchema = z.strictObject({
  ...enterpriseFieldsShape,
  shortName: enterpriseFieldsShape.shortName.optional(),
  admin: z.string().trim().min(1).max(64),
});
export type AdminEnterpriseCreate = z.infer<typeof adminEnterpriseCreateSchema>;

/**
 * PUT admin/enterprises/{id}: the whole editable record, and the `updatedAt` the editor read. When the
 * enterprise changed since, the answer is 409 with the current record.
 */
export const adminEnterpriseUpdateSchema = z.strictObject({
  ...enterpriseFieldsShape,
  updatedAt: z.string().min(1).max(40),
});
export type AdminEnterpriseUpdate = z.infer<typeof adminEnterpriseUpdateSchema>;

/** The 409 of a concurrent edit: the usual error body and the enterprise as it is now. */
export const adminEnterpriseConflictSchema = z.object({
  code: z.number().int(),
  key: z.string(),
  message: z.string(),
  current: adminEnterpriseSchema,
});
export type AdminEnterpriseConflict = z.infer<typeof adminEnterpriseConflictSchema>;
