import { z } from 'zod';
import { attachmentRefSchema } from '../announcements/schemas';
import { idSchema } from '../common/ids';
import { listQuerySchema } from '../common/paging';
import type { WhereFields } from '../common/where';
import { checkMainlandIdNumber, normalizeIdNumber } from './idNumber';
import { personnelDateSchema } from './settings';

// ── options and limits ───────────────────────────────────────────────────────────────────────────────────

/** Personnel status (spec 001 §4). `abnormal` is set by an administrator (with a remark) on someone on site. */
export const PERSONNEL_STATUSES = ['entry', 'exit', 'abnormal'] as const;
export type PersonnelStatus = (typeof PERSONNEL_STATUSES)[number];

/** Spec 001 §9: 0 male, 1 female. */
export const SEXES = [0, 1] as const;
export type Sex = (typeof SEXES)[number];

export const BLOOD_TYPES = ['A', 'B', 'AB', 'O', 'unknown'] as const;
export type BloodType = (typeof BLOOD_TYPES)[number];

export const PERSONNEL_OPTION_LABELS = {
  status: {
    entry: { 'zh-CN': '在场', 'en-US': 'On site' },
    exit: { 'zh-CN': '退场', 'en-US': 'Exited' },
    abnormal: { 'zh-CN': '异常', 'en-US': 'Abnormal' },
  },
  sex: {
    0: { 'zh-CN': '男', 'en-US': 'Male' },
    1: { 'zh-CN': '女', 'en-US': 'Female' },
  },
  bloodType: {
    A: { 'zh-CN': 'A型', 'en-US': 'A' },
    B: { 'zh-CN': 'B型', 'en-US': 'B' },
    AB: { 'zh-CN': 'AB型', 'en-US': 'AB' },
    O: { 'zh-CN': 'O型', 'en-US': 'O' },
    unknown: { 'zh-CN': '未知', 'en-US': 'Unknown' },
  },
} as const;

export const PERSONNEL_NAME_MAX_LENGTH = 50;
export const PERSONNEL_TEXT_MAX_LENGTH = 100;
export const PERSONNEL_REMARK_MAX_LENGTH = 500;
export const PERSONNEL_CERTIFICATES_MAX = 20;
export const PERSONNEL_CERTIFICATE_MAX_LENGTH = 50;
export const PERSONNEL_ATTACHMENTS_MAX = 20;
export const SAFETY_EDUCATION_MAX = 200;
export const SAFETY_EDUCATION_CONTENT_MAX_LENGTH = 200;
/** Spec 001 §9: phone numbers have 11 digits. */
export const PHONE_PATTERN = /^1\d{10}$/;

// ── pieces ───────────────────────────────────────────────────────────────────────────────────────────────

/** An ID number as typed: trimmed, x made X, then checked (18 characters, a real birth date, the checksum). */
export const idNumberSchema = z
  .string()
  .max(40)
  .transform(normalizeIdNumber)
  .refine((value) => checkMainlandIdNumber(value).valid, 'personnel.idNumberInvalid');

const optionalText = (max: number) => z.string().trim().max(max);
const phone = z.union([z.literal(''), z.string().trim().regex(PHONE_PATTERN, 'personnel.phoneInvalid')]);

/** One safety-education session the person attended. */
export const safetyEducationSchema = z.strictObject({
  date: personnelDateSchema,
  content: z.string().trim().min(1).max(SAFETY_EDUCATION_CONTENT_MAX_LENGTH),
  hours: z.number().min(0).max(1000).optional(),
});
export type SafetyEducation = z.infer<typeof safetyEducationSchema>;

const certificates = z
  .array(z.string().trim().min(1).max(PERSONNEL_CERTIFICATE_MAX_LENGTH))
  .max(PERSONNEL_CERTIFICATES_MAX)
  .transform((list) => [...new Set(list)]);

/**
 * The fields a person can be given (spec 001 §3). Sex and age are not typed: they come from the ID number
 * (a `sex` that disagrees with it is refused). `team` is the team or labour company, `teamContact` and
 * `teamPhone` its contact; `phone` is the worker's own mobile. `ruleId` null means the project's default rule.
 */
const personnelShape = {
  name: z.string().trim().min(1).max(PERSONNEL_NAME_MAX_LENGTH),
  idNumber: idNumberSchema,
  sex: z.union([z.literal(0), z.literal(1)]).optional(),
  bloodType: z.enum(BLOOD_TYPES).optional(),
  unitId: idSchema,
  team: optionalText(PERSONNEL_TEXT_MAX_LENGTH).optional(),
  teamContact: optionalText(PERSONNEL_NAME_MAX_LENGTH).optional(),
  teamPhone: phone.optional(),
  phone: phone.optional(),
  craftId: idSchema.nullable().optional(),
  certificates: certificates.optional(),
  entryDate: personnelDateSchema.optional(),
  attachments: z.array(attachmentRefSchema).max(PERSONNEL_ATTACHMENTS_MAX).optional(),
  avatar: attachmentRefSchema.nullable().optional(),
  safetyEducation: z.array(safetyEducationSchema).max(SAFETY_EDUCATION_MAX).optional(),
  ruleId: idSchema.nullable().optional(),
  remark: optionalText(PERSONNEL_REMARK_MAX_LENGTH).optional(),
};

/** POST personnel. The entry date defaults to today; the status starts as `entry`. */
export const personnelCreateSchema = z.strictObject({ projectId: idSchema, ...personnelShape });
export type PersonnelCreate = z.input<typeof personnelCreateSchema>;

/**
 * PUT personnel/{id}: any field; `status` switches between `entry` and `abnormal` only (exit and re-entry have
 * their own calls), and marking someone abnormal requires a `remark` (spec 001 §5).
 */
export const personnelUpdateSchema = z
  .strictObject({
    ...personnelShape,
    name: personnelShape.name.optional(),
    idNumber: personnelShape.idNumber.optional(),
    unitId: personnelShape.unitId.optional(),
    status: z.enum(['entry', 'abnormal']).optional(),
  })
  .superRefine((value, ctx) => {
    if (Object.keys(value).length === 0)
      ctx.addIssue({ code: 'custom', path: [], message: 'validation.required' });
    if (value.status === 'abnormal' && !value.remark) {
      ctx.addIssue({ code: 'custom', path: ['remark'], message: 'personnel.remarkRequired' });
    }
  });
export type PersonnelUpdate = z.input<typeof personnelUpdateSchema>;

/** PUT personnel/{id}/exit: the exit date and the remark (required, spec 001 §5). */
export const personnelExitSchema = z.strictObject({
  date: personnelDateSchema,
  remark: z.string().trim().min(1, 'personnel.remarkRequired').max(PERSONNEL_REMARK_MAX_LENGTH),
});
export type PersonnelExit = z.input<typeof personnelExitSchema>;

/** PUT personnel/{id}/reentry: a new entry date; the exit date is cleared. */
export const personnelReentrySchema = z.strictObject({
  date: personnelDateSchema,
  remark: optionalText(PERSONNEL_REMARK_MAX_LENGTH).optional(),
});
export type PersonnelReentry = z.input<typeof personnelReentrySchema>;

const queryFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The `where` whitelist of the personnel list. */
export const PERSONNEL_WHERE_FIELDS: WhereFields = {
  name: 'string',
  team: 'string',
  status: 'string',
  sex: 'number',
  bloodType: 'string',
  entryDate: 'string',
  exitDate: 'string',
  unitId: 'string',
  craftId: 'string',
  ruleId: 'string',
};

/** The orders the list accepts (default `-entryDate`, then `_id`). */
export const PERSONNEL_ORDER_FIELDS = [
  'name',
  'entryDate',
  'exitDate',
  'createdAt',
  'updatedAt',
  '_id',
] as const;

/**
 * GET projects/{id}/personnel. `unitId` includes the unit's descendants; `keyword` matches the name, the ID
 * number or a phone (in part for holders of viewSensitive; else whole or by the last four characters, see
 * masking.ts). `export=true` answers an xlsx of the whole filtered list (no paging).
 */
export const personnelQuerySchema = listQuerySchema
  .extend({
    unitId: idSchema.optional(),
    craftId: idSchema.optional(),
    ruleId: idSchema.optional(),
    status: z.enum(PERSONNEL_STATUSES).optional(),
    keyword: z.string().trim().max(50).optional(),
    export: queryFlag.optional(),
    /** With export=true: ID numbers and phones in full (the viewSensitive right; audited). */
    full: queryFlag.optional(),
    lang: z.string().max(16).optional(),
  })
  .strict();
export type PersonnelQuery = z.input<typeof personnelQuerySchema>;
/** The export refuses larger lists (400 personnel.exportTooLarge). */
export const PERSONNEL_EXPORT_MAX_ROWS = 50_000;

// ── answers ──────────────────────────────────────────────────────────────────────────────────────────────

export const personnelRefSchema = z.object({ _id: idSchema, name: z.string() });
export type PersonnelRef = z.infer<typeof personnelRefSchema>;

export const personnelFileSchema = z.object({
  _id: idSchema,
  name: z.string(),
  size: z.number().int().min(0),
  contentType: z.string(),
  url: z.string(),
});
export type PersonnelFile = z.infer<typeof personnelFileSchema>;

/** One person as authorised callers see them. */
export const personSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  name: z.string(),
  sex: z.union([z.literal(0), z.literal(1)]),
  /** Masked (`6101**********1581`, phones `138****0001`) unless `masked` is false: see masking.ts. */
  idNumber: z.string(),
  /** true: idNumber, phone and teamPhone are masked (always in lists and details; issue 17, PIPL). */
  masked: z.boolean(),
  birthDate: z.string(),
  /** Derived from the birth date, today. */
  age: z.number().int().min(0),
  bloodType: z.enum(BLOOD_TYPES),
  unitId: idSchema,
  /** The unit (`deleted` when the unit was deleted; its staff were exited then). */
  unit: personnelRefSchema.extend({ deleted: z.boolean() }).nullable(),
  team: z.string(),
  teamContact: z.string(),
  teamPhone: z.string(),
  phone: z.string(),
  craftId: idSchema.nullable(),
  craft: personnelRefSchema.nullable(),
  certificates: z.array(z.string()),
  entryDate: z.string(),
  exitDate: z.string().nullable(),
  attachments: z.array(personnelFileSchema),
  /** The avatar's file id and download URL (null when none). */
  avatar: idSchema.nullable(),
  avatarUrl: z.string().nullable(),
  safetyEducation: z.array(safetyEducationSchema),
  /** The chosen rule; null follows the default. `rule` is the rule in force (the default when null). */
  ruleId: idSchema.nullable(),
  rule: personnelRefSchema.nullable(),
  status: z.enum(PERSONNEL_STATUSES),
  remark: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;

// ── share card (the staff QR code) ───────────────────────────────────────────────────────────────────────

/** The web page the staff QR code opens: `${PERSONNEL_SHARE_PATH}/{token}`. */
export const PERSONNEL_SHARE_PATH = '/share/personnel';
export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

/** GET personnel/{id}/share: the person's share token (made once, then the same) and the page's path. */
export const personnelShareSchema = z.object({ token: z.string(), url: z.string() });
export type PersonnelShare = z.infer<typeof personnelShareSchema>;

/** GET share/personnel/{token} (no session): the public card. Never the ID number or a phone. */
export const personnelPublicCardSchema = z.object({
  name: z.string(),
  avatar: z.string().nullable(),
  projectName: z.string(),
  unitName: z.string().nullable(),
  craftName: z.string().nullable(),
  status: z.enum(PERSONNEL_STATUSES),
  entryDate: z.string(),
  certificates: z.array(z.string()),
  safetyEducationCount: z.number().int().min(0),
});
export type PersonnelPublicCard = z.infer<typeof personnelPublicCardSchema>;
