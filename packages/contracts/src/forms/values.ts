import { MAINLAND_PHONE_PATTERN } from '../account/rules';
import { ID_PATTERN } from '../common/ids';
import { checkMainlandIdNumber } from '../personnel/idNumber';
import type { FieldAccess } from '../workflow/schemas';
import {
  ADDRESS_DETAIL_MAX_LENGTH,
  DISPLAY_ONLY_KINDS,
  type FormField,
  PEOPLE_PER_FIELD_MAX,
  type SubListColumn,
  TEXT_MAX_LENGTH,
  TEXTAREA_MAX_LENGTH,
} from './fields';

/**
 * A form's values checked against its template version's fields (DESIGN.md §2b): the web before sending,
 * the server on every save and action, with this one function, so both refuse the same value with the same
 * key and path. The caller says what the actor may touch (the node's field authorisation, or the template's
 * own visible/editable for the initiator) and what the form held before; fields the actor may not change
 * keep their stored value.
 */

export type FormValueProblemKey =
  | 'forms.value.unknownField'
  | 'forms.value.notEditable'
  | 'forms.value.required'
  | 'forms.value.wrongType'
  | 'forms.value.tooLong'
  | 'forms.value.format'
  | 'forms.value.notOption'
  | 'forms.value.tooMany'
  | 'forms.value.tooFew'
  | 'forms.value.outOfRange'
  | 'forms.value.precision'
  | 'forms.value.date';

export interface FormValueProblem {
  key: FormValueProblemKey;
  /** `amount`, `items[2].qty`. */
  path: string;
  params?: Record<string, string | number>;
}

export interface CheckValuesOptions {
  /** Per field key; a field not named gets `defaultAccess(field)`. */
  access?: Readonly<Record<string, FieldAccess>>;
  /** What the form held before this save (a new form: nothing). */
  previous?: Readonly<Record<string, unknown>>;
  /** A draft may leave required fields empty; everything entered must still be valid. */
  draft?: boolean;
}

export interface CheckedValues {
  /** The values to store: what the actor may change from the input, everything else as before. */
  values: Record<string, unknown>;
  problems: FormValueProblem[];
}

/** The template's own access of a field for its initiator: hidden, read-only, required or editable. */
export function defaultAccess(field: FormField): FieldAccess {
  if (field.visible === false) return 'hidden';
  if (field.editable === false) return 'readonly';
  if ('required' in field && field.required) return 'required';
  return 'editable';
}

export function checkFormValues(
  fields: readonly FormField[],
  input: Readonly<Record<string, unknown>>,
  options: CheckValuesOptions = {},
): CheckedValues {
  const problems: FormValueProblem[] = [];
  const previous = options.previous ?? {};
  const values: Record<string, unknown> = {};
  const known = new Set(fields.map((field) => field.key));
  for (const key of Object.keys(input)) {
    if (!known.has(key)) problems.push({ key: 'forms.value.unknownField', path: key });
  }
  for (const field of fields) {
    if (DISPLAY_ONLY_KINDS.has(field.kind)) continue;
    const access = options.access?.[field.key] ?? defaultAccess(field);
    const before = previous[field.key] ?? null;
    const given = Object.hasOwn(input, field.key);
    if (access === 'hidden' || access === 'readonly') {
      if (given && !sameJson(input[field.key], before)) {
        problems.push({ key: 'forms.value.notEditable', path: field.key });
      }
      if (before !== null) values[field.key] = before;
      continue;
    }
    const value = given ? input[field.key] : before;
    if (isBlank(value)) {
      if (access === 'required' && !options.draft)
        problems.push({ key: 'forms.value.required', path: field.key });
      else if (field.kind === 'subList' && field.minRows && !options.draft) {
        problems.push({ key: 'forms.value.tooFew', path: field.key, params: { min: field.minRows } });
      }
      values[field.key] = null;
      continue;
    }
    const fieldProblems = checkValue(field, value, field.key, options.draft === true);
    problems.push(...fieldProblems);
    values[field.key] = value;
  }
  return { values, problems };
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function sameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(left ?? null) === JSON.stringify(right ?? null);
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_PATTERNS = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
  month: /^\d{4}-\d{2}$/,
  time: /^\d{2}:\d{2}$/,
} as const;

function checkValue(
  field: FormField | SubListColumn,
  value: unknown,
  path: string,
  draft: boolean,
): FormValueProblem[] {
  const wrongType = [{ key: 'forms.value.wrongType' as const, path }];
  switch (field.kind) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return wrongType;
      const max = field.maxLength ?? (field.kind === 'text' ? TEXT_MAX_LENGTH : TEXTAREA_MAX_LENGTH);
      if ([...value].length > max) return [{ key: 'forms.value.tooLong', path, params: { max } }];
      if (field.kind === 'text' && field.format && !matchesFormat(field.format, value.trim())) {
        return [{ key: 'forms.value.format', path, params: { format: field.format } }];
      }
      return [];
    }
    case 'datetime': {
      if (typeof value !== 'string') return wrongType;
      const pattern = DATE_PATTERNS[field.dateType];
      if (!pattern.test(value) || !isRealDate(field.dateType, value)) {
        return [{ key: 'forms.value.date', path, params: { dateType: field.dateType } }];
      }
      return [];
    }
    case 'select':
      if (typeof value !== 'string') return wrongType;
      return field.options.some((option) => option.value === value)
        ? []
        : [{ key: 'forms.value.notOption', path }];
    case 'multiSelect': {
      if (!isStringList(value)) return wrongType;
      if (
        value.some((item) => !field.options.some((option) => option.value === item)) ||
        new Set(value).size !== value.length
      ) {
        return [{ key: 'forms.value.notOption', path }];
      }
      if (field.maxSelected && value.length > field.maxSelected) {
        return [{ key: 'forms.value.tooMany', path, params: { max: field.maxSelected } }];
      }
      return [];
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return wrongType;
      if ((field.min != null && value < field.min) || (field.max != null && value > field.max)) {
        return [
          { key: 'forms.value.outOfRange', path, params: { min: field.min ?? '', max: field.max ?? '' } },
        ];
      }
      if (decimals(value) > field.precision)
        return [{ key: 'forms.value.precision', path, params: { precision: field.precision } }];
      return [];
    }
    case 'image':
      return idList(value, field.maxPictures, path);
    case 'attachment':
      return idList(value, field.maxFiles, path);
    case 'signature':
      return typeof value === 'string' && ID_PATTERN.test(value) ? [] : wrongType;
    case 'seal':
      return typeof value === 'boolean' ? [] : wrongType;
    case 'person':
    case 'department':
      return idList(value, field.single ? 1 : PEOPLE_PER_FIELD_MAX, path);
    case 'address': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrongType;
      const { region, detail } = value as { region?: unknown; detail?: unknown };
      if (
        !isStringList(region) ||
        region.length < 1 ||
        region.length > 4 ||
        region.some((code) => !/^\d{2,12}$/.test(code))
      ) {
        return wrongType;
      }
      if (detail !== undefined && detail !== null) {
        if (typeof detail !== 'string') return wrongType;
        if ([...detail].length > ADDRESS_DETAIL_MAX_LENGTH) {
          return [
            {
              key: 'forms.value.tooLong',
              path: `${path}.detail`,
              params: { max: ADDRESS_DETAIL_MAX_LENGTH },
            },
          ];
        }
      }
      return [];
    }
    case 'subList':
      return checkRows(field, value, path, draft);
    default:
      return [];
  }
}

function checkRows(
  field: Extract<FormField, { kind: 'subList' }>,
  value: unknown,
  path: string,
  draft: boolean,
): FormValueProblem[] {
  if (
    !Array.isArray(value) ||
    value.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))
  ) {
    return [{ key: 'forms.value.wrongType', path }];
  }
  const problems: FormValueProblem[] = [];
  if (field.maxRows && value.length > field.maxRows) {
    problems.push({ key: 'forms.value.tooMany', path, params: { max: field.maxRows } });
  }
  if (!draft && field.minRows && value.length < field.minRows) {
    problems.push({ key: 'forms.value.tooFew', path, params: { min: field.minRows } });
  }
  const columns = new Set(field.columns.map((column) => column.key));
  value.forEach((row: Record<string, unknown>, index) => {
    for (const key of Object.keys(row)) {
      if (!columns.has(key))
        problems.push({ key: 'forms.value.unknownField', path: `${path}[${index}].${key}` });
    }
    for (const column of field.columns) {
      const cellPath = `${path}[${index}].${column.key}`;
      const cell = row[column.key];
      if (isBlank(cell)) {
        if (column.required && !draft) problems.push({ key: 'forms.value.required', path: cellPath });
        continue;
      }
      problems.push(...checkValue(column, cell, cellPath, draft));
    }
  });
  return problems;
}

function idList(value: unknown, max: number, path: string): FormValueProblem[] {
  if (
    !isStringList(value) ||
    value.some((id) => !ID_PATTERN.test(id)) ||
    new Set(value).size !== value.length
  ) {
    return [{ key: 'forms.value.wrongType', path }];
  }
  return value.length > max ? [{ key: 'forms.value.tooMany', path, params: { max } }] : [];
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function matchesFormat(format: string, value: string): boolean {
  if (format === 'mobile') return MAINLAND_PHONE_PATTERN.test(value);
  if (format === 'email') return EMAIL_PATTERN.test(value);
  if (format === 'idCard') return checkMainlandIdNumber(value).valid;
  if (format === 'number') return value !== '' && Number.isFinite(Number(value));
  return true;
}

/** Decimal places of a number as written (1.50 is 1.5: one place). */
function decimals(value: number): number {
  const text = String(value);
  if (text.includes('e-'))
    return Number(text.split('e-')[1]) + (text.split('e-')[0]?.split('.')[1]?.length ?? 0);
  return text.split('.')[1]?.length ?? 0;
}

function isRealDate(dateType: keyof typeof DATE_PATTERNS, value: string): boolean {
  if (dateType === 'time') {
    const [hours, minutes] = value.split(':').map(Number) as [number, number];
    return hours < 24 && minutes < 60;
  }
  if (dateType === 'month') {
    const month = Number(value.slice(5, 7));
    return month >= 1 && month <= 12;
  }
  if (dateType === 'date') {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && isRealDate('date', value.slice(0, 10));
}
