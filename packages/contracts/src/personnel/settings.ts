import { z } from 'zod';
import { idSchema } from '../common/ids';

// ── shared pieces ────────────────────────────────────────────────────────────────────────────────────────

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar day `YYYY-MM-DD` (a real date: 2026-02-30 is refused). */
export const personnelDateSchema = z.string().refine((value) => {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}, 'validation.invalidFormat');

/** A month `YYYY-MM`. */
export const personnelMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.invalidFormat');

/** Names of units, crafts, rules, violation types and items, and day-offs. */
export const PERSONNEL_SETTING_NAME_MAX_LENGTH = 50;
const settingName = z.string().trim().min(1).max(PERSONNEL_SETTING_NAME_MAX_LENGTH);

/** The six settings collections of the personnel service (spec 001 §7), as they appear in the paths. */
export const PERSONNEL_COLLECTIONS = [
  'units',
  'crafts',
  'rules',
  'violationTypes',
  'violationItems',
  'dayOffs',
] as const;
export type PersonnelCollection = (typeof PERSONNEL_COLLECTIONS)[number];

const recordTimes = { createdAt: z.string(), updatedAt: z.string() };

// ── units (a tree by parentId; top level: null parent) ──────────────────────────────────────────────────

/** POST units. Names are unique in the project (spec 001 §5: duplicate unit names are rejected). */
export const unitCreateSchema = z.strictObject({
  projectId: idSchema,
  name: settingName,
  parentId: idSchema.nullable().optional(),
});
export type UnitCreate = z.input<typeof unitCreateSchema>;

/** PUT units/{id}: rename and/or move (a unit cannot go under itself or its descendants). */
export const unitUpdateSchema = z
  .strictObject({ name: settingName.optional(), parentId: idSchema.nullable().optional() })
  .refine((v) => v.name !== undefined || v.parentId !== undefined, 'validation.required');
export type UnitUpdate = z.input<typeof unitUpdateSchema>;

export const unitSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  name: z.string(),
  parentId: idSchema.nullable(),
  /** Staff on the books (status entry or abnormal) directly in this unit. */
  staffCount: z.number().int().min(0),
  ...recordTimes,
});
export type Unit = z.infer<typeof unitSchema>;

export type UnitTreeNode<T extends { _id: string; parentId?: string | null }> = T & {
  children: UnitTreeNode<T>[];
};

/**
 * The unit tree (spec 001 §3): roots are the units whose parentId is null, or names a unit not in the input,
 * or lies on a parent cycle (so no unit is lost and nothing loops). Children keep input order. O(n), no
 * recursion.
 */
export function buildUnitTree<T extends { _id: string; parentId?: string | null }>(
  units: readonly T[],
): UnitTreeNode<T>[] {
  const nodes = new Map<string, UnitTreeNode<T>>();
  for (const unit of units) if (!nodes.has(unit._id)) nodes.set(unit._id, { ...unit, children: [] });
  const parentOf = (id: string): string | null => {
    const parentId = nodes.get(id)?.parentId;
    return parentId && nodes.has(parentId) ? parentId : null;
  };
  // A unit is on (or below) a cycle when walking up never reaches a root; those on the cycle become roots.
  const state = new Map<string, 'rooted' | 'cycle'>();
  for (const id of nodes.keys()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current: string | null = id;
    while (current && !state.has(current) && !onPath.has(current)) {
      path.push(current);
      onPath.add(current);
      current = parentOf(current);
    }
    if (current && onPath.has(current)) {
      // current starts the loop: everything from it to the end of the path is on the cycle.
      const start = path.indexOf(current);
      for (const member of path.slice(start)) state.set(member, 'cycle');
      for (const below of path.slice(0, start)) state.set(below, 'rooted');
    } else {
      for (const member of path) state.set(member, 'rooted');
    }
  }
  const roots: UnitTreeNode<T>[] = [];
  for (const [id, node] of nodes) {
    const parentId = state.get(id) === 'cycle' ? null : parentOf(id);
    if (parentId) (nodes.get(parentId) as UnitTreeNode<T>).children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The ids of a unit and all units below it (for "unit with descendants" filters and deletion). */
export function unitWithDescendants(
  units: readonly { _id: string; parentId?: string | null }[],
  unitId: string,
): string[] {
  const children = new Map<string, string[]>();
  for (const unit of units) {
    if (!unit.parentId) continue;
    const list = children.get(unit.parentId) ?? [];
    list.push(unit._id);
    children.set(unit.parentId, list);
  }
  const result: string[] = [];
  const seen = new Set<string>();
  const stack = [unitId];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    result.push(id);
    for (const child of children.get(id) ?? []) stack.push(child);
  }
  return result;
}

// ── crafts (work types) ──────────────────────────────────────────────────────────────────────────────────

export const craftCreateSchema = z.strictObject({ projectId: idSchema, name: settingName });
export type CraftCreate = z.input<typeof craftCreateSchema>;
export const craftUpdateSchema = z.strictObject({ name: settingName });
export const craftSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  name: z.string(),
  staffCount: z.number().int().min(0),
  ...recordTimes,
});
export type Craft = z.infer<typeof craftSchema>;

// ── attendance rules ─────────────────────────────────────────────────────────────────────────────────────

/** The initial rule every project gets (created with its first personnel call). */
export const INITIAL_RULE = { name: '标准考勤', nameEn: 'Standard attendance', hours: 8 } as const;
export const RULE_HOURS_MIN = 0.5;
export const RULE_HOURS_MAX = 24;
const ruleHours = z
  .number()
  .min(RULE_HOURS_MIN)
  .max(RULE_HOURS_MAX)
  .refine((v) => Number.isInteger(v * 2), 'validation.invalidValue');

/**
 * POST rules. `hours`: the day's required duration (half-hour steps). `cumulativeHours`: true counts the
 * sum of the day's in→out pairs, false (default) the span from the first in to the last out. `isDefault`:
 * becomes the project's default rule (the previous default loses the flag); staff without a rule follow it.
 */
export const ruleCreateSchema = z.strictObject({
  projectId: idSchema,
  name: settingName,
  hours: ruleHours,
  cumulativeHours: z.boolean().optional(),
  isDefault: z.boolean().optional(),
});
export type RuleCreate = z.input<typeof ruleCreateSchema>;
/** PUT rules/{id}. `isDefault: false` is refused on the default rule (another must be made default). */
export const ruleUpdateSchema = z
  .strictObject({
    name: settingName.optional(),
    hours: ruleHours.optional(),
    cumulativeHours: z.boolean().optional(),
    isDefault: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'validation.required');
export type RuleUpdate = z.input<typeof ruleUpdateSchema>;
export const ruleSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  name: z.string(),
  hours: z.number(),
  cumulativeHours: z.boolean(),
  isDefault: z.boolean(),
  /** The rule the project started with: first in the list (spec 001 §3); it cannot be deleted. */
  initial: z.boolean(),
  staffCount: z.number().int().min(0),
  ...recordTimes,
});
export type Rule = z.infer<typeof ruleSchema>;

// ── violation types and items ────────────────────────────────────────────────────────────────────────────

export const violationTypeCreateSchema = z.strictObject({ projectId: idSchema, name: settingName });
export type ViolationTypeCreate = z.input<typeof violationTypeCreateSchema>;
export const violationTypeUpdateSchema = z.strictObject({ name: settingName });
export const violationTypeSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  name: z.string(),
  itemCount: z.number().int().min(0),
  ...recordTimes,
});
export type ViolationType = z.infer<typeof violationTypeSchema>;

/** POST violationItems. Item names are unique within their type. */
export const violationItemCreateSchema = z.strictObject({
  projectId: idSchema,
  typeId: idSchema,
  name: settingName,
});
export type ViolationItemCreate = z.input<typeof violationItemCreateSchema>;
export const violationItemUpdateSchema = z
  .strictObject({ name: settingName.optional(), typeId: idSchema.optional() })
  .refine((v) => v.name !== undefined || v.typeId !== undefined, 'validation.required');
export const violationItemSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  typeId: idSchema,
  name: z.string(),
  ...recordTimes,
});
export type ViolationItem = z.infer<typeof violationItemSchema>;
/** GET projects/{id}/violationItems?typeId=… narrows to one type. */
export const violationItemsQuerySchema = z.strictObject({ typeId: idSchema.optional() });

// ── day-offs (holidays and special dates) ────────────────────────────────────────────────────────────────

/** POST dayOffs. One per date in a project (spec 001 §5: repeated dates are rejected). */
export const dayOffCreateSchema = z.strictObject({
  projectId: idSchema,
  date: personnelDateSchema,
  name: z.string().trim().max(PERSONNEL_SETTING_NAME_MAX_LENGTH).optional(),
});
export type DayOffCreate = z.input<typeof dayOffCreateSchema>;
export const dayOffUpdateSchema = z
  .strictObject({
    date: personnelDateSchema.optional(),
    name: z.string().trim().max(PERSONNEL_SETTING_NAME_MAX_LENGTH).optional(),
  })
  .refine((v) => v.date !== undefined || v.name !== undefined, 'validation.required');
export const dayOffSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  date: z.string(),
  name: z.string(),
  ...recordTimes,
});
export type DayOff = z.infer<typeof dayOffSchema>;
/** GET projects/{id}/dayOffs?year=2026 (or from/to) narrows by date; ascending by date. */
export const dayOffsQuerySchema = z.strictObject({
  year: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  from: personnelDateSchema.optional(),
  to: personnelDateSchema.optional(),
});

/** The answer of the deletes: how many records changed alongside (staff exited or moved, items removed). */
export const settingDeletedSchema = z.object({
  deleted: z.number().int().min(0),
  staffChanged: z.number().int().min(0),
});
export type SettingDeleted = z.infer<typeof settingDeletedSchema>;
