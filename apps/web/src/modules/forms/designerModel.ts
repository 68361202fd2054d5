import {
  checkFieldDefinitions,
  type FieldKind,
  type FormField,
  type FormFieldOf,
  formFieldSchema,
  SUB_LIST_COLUMN_KINDS,
  type SubListColumn,
  subListColumnSchema,
} from '@lintel/contracts/forms';

/**
 * The designer's pure rules: a new field of each kind with its required properties filled, unique keys,
 * placing, moving and removing fields, and the problems of a field list per field and property. The
 * designer component only calls these, so they are tested without rendering.
 */

/** The key prefix of each kind: `text_1`, `amount_2`… a key stays put when the title changes. */
const KEY_PREFIX: Record<FieldKind, string> = {
  description: 'description',
  text: 'text',
  textarea: 'textarea',
  datetime: 'date',
  select: 'select',
  multiSelect: 'multiSelect',
  number: 'number',
  image: 'image',
  signature: 'signature',
  address: 'address',
  person: 'person',
  department: 'department',
  subList: 'subList',
  attachment: 'attachment',
  divider: 'divider',
  seal: 'seal',
};

/** The first `<prefix>_<n>` not among `taken`. */
export function uniqueKey(kind: FieldKind, taken: Iterable<string>): string {
  const used = new Set(taken);
  const prefix = KEY_PREFIX[kind];
  for (let n = 1; ; n += 1) {
    const key = `${prefix}_${n}`;
    if (!used.has(key)) return key;
  }
}

/** Every key in use, sub-list columns included (a column's key is unique in its list, kept apart anyway). */
export function allKeys(fields: readonly (FormField | SubListColumn)[]): string[] {
  return fields.flatMap((field) =>
    field.kind === 'subList' ? [field.key, ...allKeys(field.columns)] : [field.key],
  );
}

/** Texts a new field starts with (the caller's language): its title and, for lists, two options. */
export interface NewFieldTexts {
  title: string;
  option: (index: number) => string;
  /** The first column of a new sub-list. */
  columnTitle: string;
}

/** A new field of `kind` whose required properties are set, so it is valid as placed. */
export function createField(kind: FieldKind, taken: Iterable<string>, texts: NewFieldTexts): FormField {
  const used = new Set(taken);
  const key = uniqueKey(kind, used);
  const title = texts.title;
  const options = () => [1, 2].map((n) => ({ value: `option_${n}`, label: texts.option(n) }));
  switch (kind) {
    case 'description':
      return { kind, key, title, content: '' };
    case 'divider':
      return { kind, key, title, lineType: 'solid' };
    case 'text':
    case 'textarea':
    case 'signature':
      return { kind, key, title };
    case 'datetime':
      return { kind, key, title, dateType: 'date' };
    case 'select':
    case 'multiSelect':
      return { kind, key, title, options: options() };
    case 'number':
      return { kind, key, title, precision: 0 };
    case 'image':
      return { kind, key, title, maxPictures: 9 };
    case 'address':
      return { kind, key, title, showDetail: true };
    case 'person':
    case 'department':
      return { kind, key, title, single: false };
    case 'attachment':
      return { kind, key, title, maxFiles: 9 };
    case 'seal':
      return { kind, key, title, sealFileId: null };
    case 'subList': {
      used.add(key);
      const column = createField('text', used, { ...texts, title: texts.columnTitle }) as FormFieldOf<'text'>;
      return { kind, key, title, columns: [column] };
    }
  }
}

/** Whether a kind may be a sub-list's column. */
export function isColumnKind(kind: FieldKind): kind is SubListColumn['kind'] {
  return (SUB_LIST_COLUMN_KINDS as readonly string[]).includes(kind);
}

/** `list` with `item` placed before `index` (at the end when `index` is past it). */
export function insertAt<T>(list: readonly T[], item: T, index = list.length): T[] {
  const at = Math.max(0, Math.min(index, list.length));
  return [...list.slice(0, at), item, ...list.slice(at)];
}

/** `list` with the item at `from` moved to `to` (both clamped; the same list when nothing moves). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length) return [...list];
  const target = Math.max(0, Math.min(to, list.length - 1));
  if (target === from) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

export function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((other, i) => (i === index ? item : other));
}

/** One problem of a field's definition: the property it concerns (`''`: the field as a whole) and its text key. */
export interface PropertyProblem {
  /** `title`, `options.1.label`, `min`, `columns.0.title`… relative to the field. */
  property: string;
  /** An i18n key of the forms namespace (`definition.*`). */
  key: string;
  params?: Record<string, string | number>;
}

/** zod's issue → the designer's text key: the kinds of mistake a person can make in the properties panel. */
function issueKey(issue: { code: string; origin?: string; minimum?: unknown; maximum?: unknown }): {
  key: string;
  params?: Record<string, string | number>;
} {
  if (issue.code === 'too_small' && issue.origin === 'string') return { key: 'definition.empty' };
  if (issue.code === 'too_big' && issue.origin === 'string')
    return { key: 'definition.tooLong', params: { max: Number(issue.maximum) } };
  if (issue.code === 'too_small' && issue.origin === 'array') return { key: 'definition.noOptions' };
  if (issue.code === 'too_big' && issue.origin === 'array')
    return { key: 'definition.tooManyItems', params: { max: Number(issue.maximum) } };
  if (issue.code === 'too_small' || issue.code === 'too_big')
    return {
      key: 'definition.outOfBounds',
      params: { min: String(issue.minimum ?? ''), max: String(issue.maximum ?? '') },
    };
  if (issue.code === 'invalid_format') return { key: 'definition.keyFormat' };
  return { key: 'definition.invalid' };
}

/**
 * The problems of each field (by index) of a template's list: zod's shape per field (the same schema the
 * server parses with) and checkFieldDefinitions across the list (duplicate keys, defaults, ranges, totals).
 */
export function definitionProblems(fields: readonly FormField[]): Map<number, PropertyProblem[]> {
  const result = new Map<number, PropertyProblem[]>();
  const add = (index: number, problem: PropertyProblem) => {
    const list = result.get(index) ?? [];
    if (!list.some((p) => p.property === problem.property && p.key === problem.key)) list.push(problem);
    result.set(index, list);
  };
  fields.forEach((field, index) => {
    const parsed = formFieldSchema.safeParse(field);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      add(index, { property: issue.path.join('.'), ...issueKey(issue as never) });
    }
  });
  const indexOfKey = new Map<string, number>();
  fields.forEach((field, index) => {
    if (!indexOfKey.has(field.key)) indexOfKey.set(field.key, index);
  });
  const seen = new Map<string, number>();
  for (const problem of checkFieldDefinitions(fields)) {
    // `amount`, or `items.qty` for a column; a duplicate key is the later field's problem.
    const [fieldKey, columnKey] = problem.path.split('.') as [string, string | undefined];
    const count = (seen.get(problem.path + problem.key) ?? 0) + 1;
    seen.set(problem.path + problem.key, count);
    let index = indexOfKey.get(fieldKey) ?? -1;
    if (problem.key === 'forms.field.duplicateKey' && columnKey === undefined) {
      index = nthIndex(fields, fieldKey, count + 1);
    }
    if (index < 0) continue;
    const field = fields[index] as FormField;
    add(index, {
      property: columnProperty(field, columnKey, problem.key) ?? propertyOf(problem.key),
      key: `definition.${problem.key.split('.').pop()}`,
    });
  }
  return result;
}

function nthIndex(fields: readonly FormField[], key: string, nth: number): number {
  let found = 0;
  for (let i = 0; i < fields.length; i += 1) {
    if (fields[i]?.key === key && ++found === nth) return i;
  }
  return -1;
}

/** The property a list-wide problem shows on. */
function propertyOf(key: string): string {
  switch (key) {
    case 'forms.field.duplicateKey':
      return 'key';
    case 'forms.field.duplicateOption':
      return 'options';
    case 'forms.field.rangeReversed':
      return 'max';
    case 'forms.field.defaultNotOption':
    case 'forms.field.defaultOutOfRange':
      return 'default';
    case 'forms.field.rowsReversed':
      return 'maxRows';
    default:
      return '';
  }
}

/** A column's problem shows on that column (`columns.2.max`); a total naming a non-number on `totals`. */
function columnProperty(field: FormField, columnKey: string | undefined, key: string): string | null {
  if (columnKey === undefined || field.kind !== 'subList') return null;
  if (key === 'forms.field.totalNotNumber') return 'totals';
  const index = field.columns.findIndex((column) => column.key === columnKey);
  if (key === 'forms.field.duplicateKey') {
    const last = field.columns.map((column) => column.key).lastIndexOf(columnKey);
    return `columns.${last}.key`;
  }
  return `columns.${index}.${propertyOf(key)}`;
}

/** A column as its own field would be checked (the column editor shows zod's issues of the column). */
export function columnSchemaIssues(column: SubListColumn): PropertyProblem[] {
  const parsed = subListColumnSchema.safeParse(column);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ property: issue.path.join('.'), ...issueKey(issue as never) }));
}
