import type { Project, ProjectUpdate } from '@lintel/contracts/org';
import { projectInfoShape } from '@lintel/contracts/org';
import dayjs, { type Dayjs } from 'dayjs';

/** Project-information fields the form edits: every one of spec 001 §3 the server takes on PUT. */
export type InfoField = keyof typeof projectInfoShape;

export const DATE_FIELDS = [
  'plannedStartDate',
  'actualStartDate',
  'completionDate',
] as const satisfies readonly InfoField[];
type DateField = (typeof DATE_FIELDS)[number];

export const DATE_FORMAT = 'YYYY-MM-DD';

/** The form's values: the project's fields, with dates as dayjs objects for the pickers. */
export type BasicInfoValues = { [K in InfoField]?: K extends DateField ? Dayjs | null : Project[K] | null };

const EDITABLE = Object.keys(projectInfoShape) as InfoField[];

export function toFormValues(project: Project): BasicInfoValues {
  const values: Record<string, unknown> = {};
  for (const field of EDITABLE) {
    const value = project[field as keyof Project];
    if ((DATE_FIELDS as readonly string[]).includes(field)) {
      values[field] = typeof value === 'string' && value ? dayjs(value, DATE_FORMAT) : null;
    } else {
      values[field] = value ?? null;
    }
  }
  values.pictures ??= [];
  values.constructionTechnologies ??= [];
  return values as BasicInfoValues;
}

function normalise(field: InfoField, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (dayjs.isDayjs(value)) return value.format(DATE_FORMAT);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (Array.isArray(value)) return value.length === 0 && field !== 'pictures' ? null : value;
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The PUT body: only the fields that changed; a cleared optional field is sent as null (the server then
 * removes it). `name` and `status` cannot be cleared (the form requires the name; the status has no empty
 * option).
 */
export function changedFields(initial: BasicInfoValues, current: BasicInfoValues): ProjectUpdate {
  const patch: Record<string, unknown> = {};
  for (const field of EDITABLE) {
    if (!(field in current)) continue;
    const before = normalise(field, initial[field]);
    const after = normalise(field, current[field]);
    if (same(before, after)) continue;
    if ((field === 'name' || field === 'status') && after === null) continue;
    patch[field] = field === 'pictures' && after === null ? [] : after;
  }
  return patch as ProjectUpdate;
}

/**
 * The form's values once the server's project moved from `previous` to `next` (the refetch after a save):
 * a field still holding its `previous` value, or already the `next` one, takes the server's value; a field
 * the user edited meanwhile — typed while the save was on its way — keeps what they typed.
 */
export function rebaseFormValues(
  previous: BasicInfoValues,
  next: BasicInfoValues,
  current: BasicInfoValues,
): BasicInfoValues {
  const values: Record<string, unknown> = {};
  for (const field of EDITABLE) {
    const mine = normalise(field, current[field]);
    const untouched = !(field in current) || same(mine, normalise(field, previous[field]));
    values[field] = untouched || same(mine, normalise(field, next[field])) ? next[field] : current[field];
  }
  return values as BasicInfoValues;
}
