import {
  checkFormValues,
  DISPLAY_ONLY_KINDS,
  defaultAccess,
  type FormField,
  type FormValueProblem,
  type SubListColumn,
} from '@lintel/contracts/forms';
import type { FieldAccess } from '@lintel/contracts/workflow';
import dayjs from 'dayjs';
import type { AttachmentItem } from '../../components/project/AttachmentsField';
import type { ImageItem } from '../../components/project/ImagesField';

/**
 * What the renderer holds while a form is filled in, and how it becomes the values the server takes.
 * Most kinds hold their stored value as is; files hold their uploads (each with its state) until the form is
 * sent, so a picture still on its way up stops the sending instead of being lost.
 */

/** A signature drawn on the pad: uploaded as a PNG, the form keeps its file id. */
export interface SignatureState {
  status: 'uploading' | 'done' | 'error';
  fileId?: string;
  error?: string;
}

/** A stored file a form shows (an attachment's name and size come with the form the server sends). */
export interface KnownFile {
  _id: string;
  name: string;
  size: number;
}

export type UiValues = Record<string, unknown>;

/** A problem as the renderer shows it: the contract's (`forms.value.*`) or the upload's own. */
export interface RendererProblem {
  key: FormValueProblem['key'] | 'forms.value.uploading' | 'forms.value.uploadFailed';
  path: string;
  params?: Record<string, string | number>;
}

export const STORED_FILES_PATH = '/api/v1/base-service/files/';

/** A stored file's address (as the project's files answer it: `/api/v1/base-service/files/<id>`). */
export const storedFileUrl = (id: string) => `${STORED_FILES_PATH}${id}`;

/** The id at the end of a stored file's address. */
const idOfUrl = (url: string) => url.split('?')[0]?.split('/').pop() ?? '';

/** The field's access for this actor: the node's, or the template's own for the initiator. */
export function accessOf(field: FormField, access?: Readonly<Record<string, FieldAccess>>): FieldAccess {
  return access?.[field.key] ?? defaultAccess(field);
}

const DATE_FORMATS = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DDTHH:mm:ssZ',
  month: 'YYYY-MM',
  time: 'HH:mm',
} as const;

/** A date field's value in the format the contract checks (`values.ts` DATE_PATTERNS). */
export function formatDateValue(dateType: keyof typeof DATE_FORMATS, value: dayjs.Dayjs): string {
  return value.format(DATE_FORMATS[dateType]);
}

/** The stored value → what the date picker shows (`time` values are today's time). */
export function parseDateValue(dateType: keyof typeof DATE_FORMATS, value: string): dayjs.Dayjs | null {
  const parsed = dateType === 'time' ? dayjs(`2000-01-01T${value}`) : dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** One stored value → what its control holds. */
function toUi(
  field: FormField | SubListColumn,
  value: unknown,
  files: ReadonlyMap<string, KnownFile>,
): unknown {
  if (value === null || value === undefined) return undefined;
  switch (field.kind) {
    case 'image':
      return Array.isArray(value)
        ? value.map((id: string): ImageItem => {
            const url = storedFileUrl(id);
            return { uid: id, name: files.get(id)?.name ?? id, status: 'done', ref: url, url };
          })
        : undefined;
    case 'attachment':
      return Array.isArray(value)
        ? value.map(
            (id: string): AttachmentItem => ({
              uid: id,
              name: files.get(id)?.name ?? id,
              size: files.get(id)?.size ?? 0,
              status: 'done',
              percent: 100,
              fileId: id,
            }),
          )
        : undefined;
    case 'signature':
      return typeof value === 'string'
        ? ({ status: 'done', fileId: value } satisfies SignatureState)
        : undefined;
    case 'subList':
      return Array.isArray(value)
        ? value.map((row: Record<string, unknown>) =>
            Object.fromEntries(
              field.columns.map((column) => [column.key, toUi(column, row[column.key], files)]),
            ),
          )
        : undefined;
    default:
      return value;
  }
}

/** A new form's first values: each field's default (`now` for a date field that asks for it). */
function defaultOf(field: FormField | SubListColumn, now: dayjs.Dayjs): unknown {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'select':
    case 'multiSelect':
      return field.default === undefined || field.default === '' ? undefined : field.default;
    case 'number':
      return field.default ?? undefined;
    case 'datetime':
      return field.default === 'now' ? formatDateValue(field.dateType, now) : undefined;
    default:
      return undefined;
  }
}

/** A new sub-list row: every column's default. */
export function newRow(columns: readonly SubListColumn[], now = dayjs()): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column.key, defaultOf(column, now)]));
}

/**
 * What the controls start with: a stored form's values, or (a new form) each field's default and a
 * sub-list's minimum number of rows.
 */
export function initialUiValues(
  fields: readonly FormField[],
  stored?: Readonly<Record<string, unknown>> | null,
  files: readonly KnownFile[] = [],
  now = dayjs(),
): UiValues {
  const known = new Map(files.map((file) => [file._id, file]));
  const values: UiValues = {};
  for (const field of fields) {
    if (DISPLAY_ONLY_KINDS.has(field.kind)) continue;
    if (stored) values[field.key] = toUi(field, stored[field.key], known);
    else if (field.kind === 'subList')
      values[field.key] = Array.from({ length: field.minRows ?? 0 }, () => newRow(field.columns, now));
    else values[field.key] = defaultOf(field, now);
  }
  return values;
}

interface Collected {
  uploading: string[];
  failed: string[];
}

/** One control's value → the stored value (null when empty). */
function fromUi(
  field: FormField | SubListColumn,
  value: unknown,
  path: string,
  collected: Collected,
): unknown {
  if (value === undefined || value === null) return null;
  switch (field.kind) {
    case 'image': {
      const items = value as ImageItem[];
      if (items.some((item) => item.status === 'uploading')) collected.uploading.push(path);
      if (items.some((item) => item.status === 'error')) collected.failed.push(path);
      return items.flatMap((item) => (item.status === 'done' && item.ref ? [idOfUrl(item.ref)] : []));
    }
    case 'attachment': {
      const items = value as AttachmentItem[];
      if (items.some((item) => item.status === 'uploading')) collected.uploading.push(path);
      if (items.some((item) => item.status === 'error')) collected.failed.push(path);
      return items.flatMap((item) => (item.status === 'done' && item.fileId ? [item.fileId] : []));
    }
    case 'signature': {
      const state = value as SignatureState;
      if (state.status === 'uploading') collected.uploading.push(path);
      if (state.status === 'error') collected.failed.push(path);
      return state.status === 'done' && state.fileId ? state.fileId : null;
    }
    case 'subList':
      return (value as Record<string, unknown>[]).map((row, index) =>
        Object.fromEntries(
          field.columns.flatMap((column) => {
            const cell = fromUi(column, row[column.key], `${path}[${index}].${column.key}`, collected);
            // An empty cell is left out, as a row the server stores has no key for it.
            return isEmpty(cell) ? [] : [[column.key, cell]];
          }),
        ),
      );
    case 'text':
    case 'textarea':
      return value === '' ? null : value;
    default:
      return value;
  }
}

function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

export interface ValidateOptions {
  access?: Readonly<Record<string, FieldAccess>>;
  /** The form's stored values before this edit (a new form: none). */
  previous?: Readonly<Record<string, unknown>>;
  draft?: boolean;
}

export interface ValidatedForm {
  /** What to send: only the fields this actor may change (the server keeps the others as stored). */
  input: Record<string, unknown>;
  problems: RendererProblem[];
}

/**
 * The controls' values checked with the contract's checkFormValues, the one the server runs, so a refusal
 * here has the server's key and path; uploads still running or failed are problems of their own.
 */
export function validateForm(
  fields: readonly FormField[],
  ui: Readonly<UiValues>,
  options: ValidateOptions = {},
): ValidatedForm {
  const collected: Collected = { uploading: [], failed: [] };
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    if (DISPLAY_ONLY_KINDS.has(field.kind)) continue;
    const access = accessOf(field, options.access);
    if (access === 'hidden' || access === 'readonly') continue;
    input[field.key] = fromUi(field, ui[field.key], field.key, collected);
  }
  const checked = checkFormValues(fields, input, {
    access: options.access,
    previous: options.previous,
    draft: options.draft,
  });
  const problems: RendererProblem[] = [
    ...collected.uploading.map((path) => ({ key: 'forms.value.uploading' as const, path })),
    ...collected.failed.map((path) => ({ key: 'forms.value.uploadFailed' as const, path })),
    ...checked.problems,
  ];
  return { input, problems };
}

/** The problems of one field: its own (`amount`), its detail (`address.detail`) and its cells (`items[2].qty`). */
export function problemsOf(problems: readonly RendererProblem[], key: string): RendererProblem[] {
  return problems.filter(
    (problem) =>
      problem.path === key || problem.path.startsWith(`${key}.`) || problem.path.startsWith(`${key}[`),
  );
}

/** A problem's text key and values in the forms namespace (`value.required`…). */
export function problemText(problem: RendererProblem): {
  key: string;
  params: Record<string, string | number>;
} {
  const name = problem.key.split('.').pop() as string;
  const params = problem.params ?? {};
  if (name === 'outOfRange') {
    const { min, max } = params;
    const variant = min !== '' && max !== '' ? 'outOfRange' : min !== '' ? 'tooSmall' : 'tooBig';
    return { key: `value.${variant}`, params };
  }
  return { key: `value.${name}`, params };
}
