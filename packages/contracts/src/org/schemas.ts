import { z } from 'zod';
import { projectShortNameSchema, remarkSchema } from '../account/schemas';
import { idSchema } from '../common/ids';
import {
  AMOUNT_UNITS,
  AREA_UNITS,
  CONSTRUCTION_TECHNOLOGIES,
  CONTRACTING_MODES,
  INVESTMENT_BODIES,
  PROJECT_CLASSIFICATIONS,
  PROJECT_LEVELS,
  PROJECT_STATUSES,
  PROJECT_TYPES,
} from './options';

// ── limits ───────────────────────────────────────────────────────────────────────────────────────────────

export const ORG_NAME_MAX_LENGTH = 100;
/** Enterprise short names (no limit in the specification; the project's 12 would be too tight for them). */
export const ENTERPRISE_SHORT_NAME_MAX_LENGTH = 30;
/** Groups allow at most two levels (spec 001 §5, §9): a circle's parent must be a top-level circle. */
export const CIRCLE_MAX_LEVELS = 2;
/** Overview images: at most 9 (spec 001 §5, §9). */
export const PROJECT_PICTURES_MAX = 9;
export const ORG_TEXT_MAX_LENGTH = 200;
export const ORG_LONG_TEXT_MAX_LENGTH = 5000;
/** Path of an uploaded picture (POST base-service/files answers these). */
export const ORG_FILE_PATH_MAX_LENGTH = 512;
/** A project's settings documents (GET/PUT projects/{id}/settings/{key}). */
export const PROJECT_SETTINGS_MAX_KEYS = 256;

// ── scopes and roles ─────────────────────────────────────────────────────────────────────────────────────

/** Where a member, a setting or a "current place" belongs. */
export const SCOPE_TYPES = ['enterprise', 'circle', 'project'] as const;
export type ScopeType = (typeof SCOPE_TYPES)[number];
export const scopeTypeSchema = z.enum(SCOPE_TYPES);

/**
 * A member's role in its scope. An admin of an enterprise or circle is also admin of everything inside it;
 * what a plain member may do is decided by its permission template (next issue).
 */
export const MEMBER_ROLES = ['admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

// ── field schemas ────────────────────────────────────────────────────────────────────────────────────────

const nameSchema = z.string().trim().min(1).max(ORG_NAME_MAX_LENGTH);
const text = (max = ORG_TEXT_MAX_LENGTH) => z.string().trim().max(max);
/** A date the user picks: YYYY-MM-DD (a real calendar day). */
export const orgDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'validation.invalidFormat');
const amount = z.number().finite().min(0).max(1e15);
const count = z.number().int().min(0).max(1_000_000_000);
const picturePath = z
  .string()
  .max(ORG_FILE_PATH_MAX_LENGTH)
  .regex(/^\/api\/v1\/base-service\/files\/[A-Za-z0-9._~%-]+(?:\/[A-Za-z0-9._~%-]+)*$/)
  .refine((value) => !value.split('/').some((s) => s === '..' || s === '.'), 'validation.invalidFormat');

/**
 * The project information of spec 001 §3, every field the user edits: all optional except name. The fields
 * derived from other records (admins and vip users: members; created date; storage capacity; paid plan of
 * the enterprise) are answered by `projectSchema`, not edited here. `name`, `shortName`, `status` and
 * `projectType` are columns; the rest is the JSON `info` document of the project row.
 */
export const projectInfoShape = {
  name: nameSchema,
  /** At most 12 characters (spec 001 §5). */
  shortName: projectShortNameSchema,
  status: z.enum(PROJECT_STATUSES),
  /** "type" is the record kind (enterprise / circle / project, spec 000 §3); this is the project type. */
  projectType: z.enum(PROJECT_TYPES),
  location: text(),
  /** Province / city / district names joined with '/' (as the profile's city). */
  city: text(),
  hierarchy: text(),
  plannedStartDate: orgDateSchema,
  actualStartDate: orgDateSchema,
  /** Total duration in days. */
  plannedDuration: count,
  actualDuration: count,
  completionDate: orgDateSchema,
  /** The project profile (introduction text). */
  profile: text(ORG_LONG_TEXT_MAX_LENGTH),
  /** The project image: a file path of base-service/files. */
  image: picturePath,
  contractAmount: amount,
  contractAmountUnit: z.enum(AMOUNT_UNITS),
  constructionArea: amount,
  constructionAreaUnit: z.enum(AREA_UNITS),
  landArea: amount,
  landAreaUnit: z.enum(AREA_UNITS),
  /** Metres. */
  buildingHeight: amount,
  /** Metres. */
  excavationDepth: amount,
  floorsAboveGround: count,
  floorsUnderground: count,
  /** Total-contractor management headcount. */
  managementHeadcount: count,
  attendanceHeadcount: count,
  partyMemberCount: count,
  generalContractor: text(),
  projectNature: text(),
  ownerUnit: text(),
  constructionUnit: text(),
  supervisionUnit: text(),
  designUnit: text(),
  executingUnit: text(),
  investmentBody: z.enum(INVESTMENT_BODIES),
  contractingMode: z.enum(CONTRACTING_MODES),
  projectScale: text(),
  constructionTechnologies: z.array(z.enum(CONSTRUCTION_TECHNOLOGIES)).max(CONSTRUCTION_TECHNOLOGIES.length),
  qualityGoal: text(),
  safetyGoal: text(),
  greenConstructionGoal: text(),
  level: z.enum(PROJECT_LEVELS),
  classification: z.enum(PROJECT_CLASSIFICATIONS),
  directlyOwnedCompany: text(),
  /** The paid plan as the project information shows it (capacity itself is the enterprise's). */
  paidPlan: text(),
  /** Share and dashboard side: address, description and overview pictures (at most 9). */
  address: text(),
  description: text(ORG_LONG_TEXT_MAX_LENGTH),
  pictures: z.array(picturePath).max(PROJECT_PICTURES_MAX),
} as const;

/** Every project-information field; only `name` is required. Strict: an unknown field is a 400. */
export const projectInfoSchema = z.strictObject(projectInfoShape).partial().required({ name: true });
export type ProjectInfo = z.infer<typeof projectInfoSchema>;

/** The keys kept in the project row's JSON `info` column (everything but the four column fields). */
export const PROJECT_COLUMN_FIELDS = ['name', 'shortName', 'status', 'projectType'] as const;
export type ProjectInfoDocument = Omit<ProjectInfo, (typeof PROJECT_COLUMN_FIELDS)[number]>;
/** The `info` column as stored, re-checked on read (unknown keys dropped, bad values ignored). */
export const projectInfoDocumentSchema = z
  .object(projectInfoShape)
  .omit({ name: true, shortName: true, status: true, projectType: true })
  .partial();

// ── records as answered ──────────────────────────────────────────────────────────────────────────────────

export const enterpriseSchema = z.object({
  _id: idSchema,
  type: z.literal('enterprise'),
  name: z.string(),
  shortName: z.string(),
  isTrial: z.boolean(),
  /** Accounts the enterprise may have; null: unlimited. */
  accountCapacity: z.number().int().nullable(),
  /** Storage in bytes; null: unlimited. */
  spaceCapacity: z.number().int().nullable(),
  /** Projects the enterprise may have; null: unlimited. */
  projectLimit: z.number().int().nullable(),
  paidPlan: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Enterprise = z.infer<typeof enterpriseSchema>;

export const circleSchema = z.object({
  _id: idSchema,
  type: z.literal('circle'),
  name: z.string(),
  enterpriseId: idSchema,
  /** null: a top-level circle of the enterprise. */
  parentId: idSchema.nullable(),
  order: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * GET circles (the caller's list) only: the enterprise's name, so the home tree can head a circle with its
   * enterprise for a member of the circle alone (as projects carry it).
   */
  enterpriseName: z.string().optional(),
});
export type Circle = z.infer<typeof circleSchema>;

export const projectStorageSchema = z.object({
  /** Bytes allocated to the project (0 with unlimited). */
  allocated: z.number().int(),
  used: z.number().int(),
  unlimited: z.boolean(),
});

/** A project: its kind, place, storage and the project information flattened in. */
export const projectSchema = z.object({
  _id: idSchema,
  type: z.literal('project'),
  enterpriseId: idSchema,
  circleId: idSchema.nullable(),
  isTrial: z.boolean(),
  storage: projectStorageSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...z.object(projectInfoShape).partial().shape,
  name: z.string(),
  shortName: z.string(),
  status: z.enum(PROJECT_STATUSES),
  projectType: z.enum(PROJECT_TYPES).nullable(),
  /**
   * GET projects (the caller's list) only: the enterprise's name, so the home tree can head a project with
   * its enterprise even for a member of the project alone (who does not get that enterprise in GET
   * enterprises).
   */
  enterpriseName: z.string().optional(),
});
export type Project = z.infer<typeof projectSchema>;

/** A member of an enterprise, circle or project (spec 001 §3 Member). */
export const memberSchema = z.object({
  _id: idSchema,
  scopeType: scopeTypeSchema,
  scopeId: idSchema,
  /** The enterprise the scope belongs to (itself for an enterprise). */
  enterpriseId: idSchema,
  userId: idSchema,
  role: z.enum(MEMBER_ROLES),
  vip: z.boolean(),
  department: z.string(),
  remark: z.string(),
  order: z.number().int(),
  /** A 4D editor of the project. */
  edit4D: z.boolean(),
  phoneSecret: z.boolean(),
  businessShielding: z.boolean(),
  category: z.string(),
  /** The permission template; null for admins and until templates exist. */
  templateId: idSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** What a member's editable fields look like (members API, next issue). */
export const memberFieldsSchema = z.strictObject({
  department: text(),
  remark: remarkSchema,
  vip: z.boolean(),
  order: z.number().int().min(0).max(1_000_000),
  edit4D: z.boolean(),
  phoneSecret: z.boolean(),
  businessShielding: z.boolean(),
  category: text(64),
  templateId: idSchema.nullable(),
});

// ── payloads ─────────────────────────────────────────────────────────────────────────────────────────────

/** POST enterprises. */
export const enterpriseCreateSchema = z.strictObject({
  name: nameSchema,
  shortName: text(ENTERPRISE_SHORT_NAME_MAX_LENGTH).optional(),
});
export type EnterpriseCreate = z.infer<typeof enterpriseCreateSchema>;

/** PUT enterprises/{id}: name and short name (capacity and plan are the system administrators', later). */
export const enterpriseUpdateSchema = enterpriseCreateSchema.partial();
export type EnterpriseUpdate = z.infer<typeof enterpriseUpdateSchema>;

/** POST circles. */
export const circleCreateSchema = z.strictObject({
  name: nameSchema,
  enterpriseId: idSchema,
  parentId: idSchema.nullable().optional(),
  order: z.number().int().min(0).max(1_000_000).optional(),
});
export type CircleCreate = z.infer<typeof circleCreateSchema>;

/** PUT circles/{id}: name and order (moving belongs to the structure editing of the next issue). */
export const circleUpdateSchema = circleCreateSchema.pick({ name: true, order: true }).partial();
export type CircleUpdate = z.infer<typeof circleUpdateSchema>;

/** POST projects: the project information plus where it goes. */
export const projectCreateSchema = projectInfoSchema.extend({
  enterpriseId: idSchema,
  circleId: idSchema.nullable().optional(),
});
export type ProjectCreate = z.infer<typeof projectCreateSchema>;

/**
 * PUT projects/{id}: any project-information fields; `null` clears an optional one. `circleId` moves the
 * project to another circle of its enterprise (null: directly under the enterprise).
 */
export const projectUpdateSchema = z
  .strictObject(
    Object.fromEntries(
      Object.entries(projectInfoShape).map(([key, schema]) => [
        key,
        key === 'name' || key === 'status' ? schema.optional() : schema.nullable().optional(),
      ]),
    ) as {
      [K in keyof typeof projectInfoShape]: K extends 'name' | 'status'
        ? z.ZodOptional<(typeof projectInfoShape)[K]>
        : z.ZodOptional<z.ZodNullable<(typeof projectInfoShape)[K]>>;
    },
  )
  .extend({
    circleId: idSchema.nullable().optional(),
    /**
     * The project's administrators (user ids, all members of the project): they get the admin role, the
     * other members the member role. At least one. Admins leave the members only through this.
     */
    admins: z.array(idSchema).min(1).max(100).optional(),
  });
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

/** POST users/{id}/trialPlan: what to create (both by default). */
export const trialPlanBodySchema = z
  .strictObject({ project: z.boolean().optional(), enterprise: z.boolean().optional() })
  .nullish();
export type TrialPlanBody = z.infer<typeof trialPlanBodySchema>;

export const trialPlanResultSchema = z.object({
  enterprise: enterpriseSchema.nullable(),
  project: projectSchema.nullable(),
});
export type TrialPlanResult = z.infer<typeof trialPlanResultSchema>;

/** Capacity of a trial enterprise (enforced with the capacity rules of the next issue). */
export const TRIAL_LIMITS = {
  accountCapacity: 10,
  spaceCapacity: 1024 * 1024 * 1024,
  projectLimit: 1,
} as const;

/** The names a trial plan gets: "<nickName>的试用企业" / "<nickName>的试用项目". */
export function trialEnterpriseName(nickName: string): string {
  return `${nickName}的试用企业`;
}
export function trialProjectName(nickName: string): string {
  return `${nickName}的试用项目`;
}

/**
 * The default set-up of a project (POST projects?initial=true, and trial projects): its settings rows.
 * `display`: the project overview and cockpit display switches; `board`: the home dashboard sections
 * (spec 001 §2 Home dashboard) in order; `statistics`: the work-statistics period (day, week or month).
 */
export const PROJECT_DEFAULT_SETTINGS = {
  display: { overview: true, cockpit: true },
  board: { sections: ['myItems', 'myPlan', 'overview', 'weather', 'todo', 'statistics'] },
  statistics: { period: 'week' },
} as const;

/** One option of a reference list (GET projects_types, GET projects_scopes). */
export const optionItemSchema = z.object({ key: z.string(), name: z.string(), nameEn: z.string() });
