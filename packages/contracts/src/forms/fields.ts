import { z } from 'zod';
import { idSchema } from '../common/ids';

/**
 * The one field schema of the workbench (DESIGN.md §2b; spec 001 §3 "Form template"): a form template's
 * fields, which the web renders and validates from and the server validates every submitted value against
 * (values.ts), with the same code. Task types and ledgers reuse it.
 *
 * The sixteen kinds of the specification, in its order: description text, single-line text, multi-line
 * text, date-time, dropdown single, dropdown multiple, number, image, signature, address, person select,
 * department select, sub-list, attachment, dividing line, seal.
 */
export const FIELD_KINDS = [
  'description',
  'text',
  'textarea',
  'datetime',
  'select',
  'multiSelect',
  'number',
  'image',
  'signature',
  'address',
  'person',
  'department',
  'subList',
  'attachment',
  'divider',
  'seal',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** Kinds that only show something and take no value. */
export const DISPLAY_ONLY_KINDS: ReadonlySet<FieldKind> = new Set(['description', 'divider']);

/** Kinds a sub-list's columns may have (no nested sub-lists, no layout-only kinds, no seal or signature). */
export const SUB_LIST_COLUMN_KINDS = [
  'text',
  'textarea',
  'datetime',
  'select',
  'multiSelect',
  'number',
  'image',
  'person',
  'department',
  'attachment',
] as const satisfies readonly FieldKind[];

export const FORM_FIELDS_MAX = 100;
export const FIELD_TITLE_MAX_LENGTH = 50;
export const FIELD_DESCRIPTION_MAX_LENGTH = 500;
export const FIELD_HINT_MAX_LENGTH = 100;
export const TEXT_MAX_LENGTH = 200;
export const TEXTAREA_MAX_LENGTH = 5000;
export const DESCRIPTION_TEXT_MAX_LENGTH = 5000;
export const FIELD_OPTIONS_MAX = 200;
export const OPTION_LABEL_MAX_LENGTH = 100;
export const IMAGES_PER_FIELD_MAX = 9;
export const FILES_PER_FIELD_MAX = 20;
export const PEOPLE_PER_FIELD_MAX = 200;
export const SUB_LIST_COLUMNS_MAX = 20;
export const SUB_LIST_ROWS_MAX = 500;
export const NUMBER_PRECISION_MAX = 6;
export const ADDRESS_DETAIL_MAX_LENGTH = 200;

/** The key a field's value is stored under (kept across template versions; conditions and prints name it). */
export const fieldKeySchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/);

/** Formats a single-line text may be checked against ("validation"). */
export const TEXT_FORMATS = ['none', 'mobile', 'email', 'idCard', 'number'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

export const DATE_TYPES = ['date', 'datetime', 'month', 'time'] as const;
export type DateType = (typeof DATE_TYPES)[number];

export const LINE_TYPES = ['solid', 'dashed', 'dotted'] as const;
export const IMAGE_SIZES = ['small', 'medium', 'large'] as const;

const optionSchema = z.object({
  value: z.string().trim().min(1).max(64),
  label: z.string().trim().min(1).max(OPTION_LABEL_MAX_LENGTH),
});
export type FieldOption = z.infer<typeof optionSchema>;

/** What every kind has. `visible` / `editable` are the initiator's access; nodes override per field. */
const base = {
  key: fieldKeySchema,
  title: z.string().trim().min(1).max(FIELD_TITLE_MAX_LENGTH),
  description: z.string().max(FIELD_DESCRIPTION_MAX_LENGTH).optional(),
  hideTitle: z.boolean().optional(),
  visible: z.boolean().optional(),
  editable: z.boolean().optional(),
};
/** What every kind that takes a value has. */
const valued = {
  ...base,
  required: z.boolean().optional(),
  hint: z.string().max(FIELD_HINT_MAX_LENGTH).optional(),
};

const textField = z.object({
  ...valued,
  kind: z.literal('text'),
  maxLength: z.number().int().min(1).max(TEXT_MAX_LENGTH).optional(),
  format: z.enum(TEXT_FORMATS).optional(),
  default: z.string().max(TEXT_MAX_LENGTH).optional(),
});
const textareaField = z.object({
  ...valued,
  kind: z.literal('textarea'),
  maxLength: z.number().int().min(1).max(TEXTAREA_MAX_LENGTH).optional(),
  default: z.string().max(TEXTAREA_MAX_LENGTH).optional(),
});
const datetimeField = z.object({
  ...valued,
  kind: z.literal('datetime'),
  dateType: z.enum(DATE_TYPES),
  /** `now`: the moment the form is opened. */
  default: z.enum(['none', 'now']).optional(),
});
const selectField = z.object({
  ...valued,
  kind: z.literal('select'),
  options: z.array(optionSchema).min(1).max(FIELD_OPTIONS_MAX),
  default: z.string().max(64).optional(),
});
const multiSelectField = z.object({
  ...valued,
  kind: z.literal('multiSelect'),
  options: z.array(optionSchema).min(1).max(FIELD_OPTIONS_MAX),
  default: z.array(z.string().max(64)).max(FIELD_OPTIONS_MAX).optional(),
  maxSelected: z.number().int().min(1).max(FIELD_OPTIONS_MAX).optional(),
});
const numberField = z.object({
  ...valued,
  kind: z.literal('number'),
  /** Decimal places allowed (0: whole numbers). */
  precision: z.number().int().min(0).max(NUMBER_PRECISION_MAX),
  min: z.number().finite().nullable().optional(),
  max: z.number().finite().nullable().optional(),
  /** Shown after the value (元, m³, 吨). */
  unit: z.string().max(10).optional(),
  default: z.number().finite().nullable().optional(),
});
const imageField = z.object({
  ...valued,
  kind: z.literal('image'),
  maxPictures: z.number().int().min(1).max(IMAGES_PER_FIELD_MAX),
  imageSize: z.enum(IMAGE_SIZES).optional(),
});
const signatureField = z.object({ ...valued, kind: z.literal('signature') });
const addressField = z.object({
  ...valued,
  kind: z.literal('address'),
  showDetail: z.boolean(),
});
const personField = z.object({
  ...valued,
  kind: z.literal('person'),
  single: z.boolean(),
});
const departmentField = z.object({
  ...valued,
  kind: z.literal('department'),
  single: z.boolean(),
});
const attachmentField = z.object({
  ...valued,
  kind: z.literal('attachment'),
  maxFiles: z.number().int().min(1).max(FILES_PER_FIELD_MAX),
});
const descriptionField = z.object({
  ...base,
  kind: z.literal('description'),
  content: z.string().max(DESCRIPTION_TEXT_MAX_LENGTH),
});
const dividerField = z.object({ ...base, kind: z.literal('divider'), lineType: z.enum(LINE_TYPES) });
/** A seal an approver affixes: the template names the seal image; the value says whether it was affixed. */
const sealField = z.object({ ...valued, kind: z.literal('seal'), sealFileId: idSchema.nullable() });

export const subListColumnSchema = z.discriminatedUnion('kind', [
  textField,
  textareaField,
  datetimeField,
  selectField,
  multiSelectField,
  numberField,
  imageField,
  personField,
  departmentField,
  attachmentField,
]);
export type SubListColumn = z.infer<typeof subListColumnSchema>;

const subListField = z.object({
  ...valued,
  kind: z.literal('subList'),
  columns: z.array(subListColumnSchema).min(1).max(SUB_LIST_COLUMNS_MAX),
  minRows: z.number().int().min(0).max(SUB_LIST_ROWS_MAX).optional(),
  maxRows: z.number().int().min(1).max(SUB_LIST_ROWS_MAX).optional(),
  /** Number columns summed under the table (their keys). */
  totals: z.array(fieldKeySchema).max(SUB_LIST_COLUMNS_MAX).optional(),
});

export const formFieldSchema = z.discriminatedUnion('kind', [
  descriptionField,
  textField,
  textareaField,
  datetimeField,
  selectField,
  multiSelectField,
  numberField,
  imageField,
  signatureField,
  addressField,
  personField,
  departmentField,
  subListField,
  attachmentField,
  dividerField,
  sealField,
]);
export type FormField = z.infer<typeof formFieldSchema>;
export type FormFieldOf<K extends FieldKind> = Extract<FormField, { kind: K }>;

export const formFieldsSchema = z.array(formFieldSchema).max(FORM_FIELDS_MAX);

/** The problems of a template's field list that zod's shape cannot see: the designer shows them per field. */
export interface FieldDefinitionProblem {
  key:
    | 'forms.field.duplicateKey'
    | 'forms.field.duplicateOption'
    | 'forms.field.rangeReversed'
    | 'forms.field.defaultNotOption'
    | 'forms.field.defaultOutOfRange'
    | 'forms.field.rowsReversed'
    | 'forms.field.totalNotNumber';
  /** `amount`, `items.qty` for a sub-list column. */
  path: string;
}

export function checkFieldDefinitions(
  fields: readonly (FormField | SubListColumn)[],
  prefix = '',
): FieldDefinitionProblem[] {
  const problems: FieldDefinitionProblem[] = [];
  const keys = new Set<string>();
  for (const field of fields) {
    const path = `${prefix}${field.key}`;
    if (keys.has(field.key)) problems.push({ key: 'forms.field.duplicateKey', path });
    keys.add(field.key);
    if (field.kind === 'select' || field.kind === 'multiSelect') {
      const values = field.options.map((option) => option.value);
      if (new Set(values).size !== values.length) problems.push({ key: 'forms.field.duplicateOption', path });
      const defaults =
        field.kind === 'select' ? (field.default ? [field.default] : []) : (field.default ?? []);
      if (defaults.some((value) => !values.includes(value)))
        problems.push({ key: 'forms.field.defaultNotOption', path });
    }
    if (field.kind === 'number') {
      const { min, max } = field;
      if (min != null && max != null && min > max) problems.push({ key: 'forms.field.rangeReversed', path });
      if (
        field.default != null &&
        ((min != null && field.default < min) || (max != null && field.default > max))
      ) {
        problems.push({ key: 'forms.field.defaultOutOfRange', path });
      }
    }
    if (field.kind === 'subList') {
      if (field.minRows != null && field.maxRows != null && field.minRows > field.maxRows) {
        problems.push({ key: 'forms.field.rowsReversed', path });
      }
      const numberColumns = new Set(
        field.columns.filter((column) => column.kind === 'number').map((column) => column.key),
      );
      for (const total of field.totals ?? []) {
        if (!numberColumns.has(total))
          problems.push({ key: 'forms.field.totalNotNumber', path: `${path}.${total}` });
      }
      problems.push(...checkFieldDefinitions(field.columns, `${path}.`));
    }
  }
  return problems;
}
