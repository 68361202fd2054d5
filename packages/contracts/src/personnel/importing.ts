import { z } from 'zod';
import type { Language } from '../common/language';

/**
 * The columns of the personnel Excel template, in order. Units, crafts and rules are given by name (they must
 * exist in the project); certificates are separated by commas (`,`, `，`, `、`) or semicolons; dates are
 * `YYYY-MM-DD` (or Excel dates). Sex and age come from the ID number.
 */
export const PERSONNEL_IMPORT_COLUMNS = [
  'name',
  'idNumber',
  'unitName',
  'craftName',
  'bloodType',
  'team',
  'teamContact',
  'teamPhone',
  'phone',
  'certificates',
  'entryDate',
  'ruleName',
  'remark',
] as const;
export type PersonnelImportColumn = (typeof PERSONNEL_IMPORT_COLUMNS)[number];
/** Required columns are marked with * in the header. */
export const PERSONNEL_IMPORT_REQUIRED: readonly PersonnelImportColumn[] = ['name', 'idNumber', 'unitName'];

export const PERSONNEL_IMPORT_HEADERS: Readonly<Record<PersonnelImportColumn, Record<Language, string>>> = {
  name: { 'zh-CN': '姓名', 'en-US': 'Name' },
  idNumber: { 'zh-CN': '身份证号', 'en-US': 'ID number' },
  unitName: { 'zh-CN': '单位', 'en-US': 'Unit' },
  craftName: { 'zh-CN': '工种', 'en-US': 'Craft' },
  bloodType: { 'zh-CN': '血型', 'en-US': 'Blood type' },
  team: { 'zh-CN': '班组/劳务公司', 'en-US': 'Team / labour company' },
  teamContact: { 'zh-CN': '联系人', 'en-US': 'Contact' },
  teamPhone: { 'zh-CN': '联系电话', 'en-US': 'Contact phone' },
  phone: { 'zh-CN': '本人手机', 'en-US': 'Mobile' },
  certificates: { 'zh-CN': '特种作业证号', 'en-US': 'Special-work certificates' },
  entryDate: { 'zh-CN': '进场日期', 'en-US': 'Entry date' },
  ruleName: { 'zh-CN': '考勤规则', 'en-US': 'Attendance rule' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark' },
};

/** Rows per import file (beyond: 400 personnel.importTooLarge). */
export const PERSONNEL_IMPORT_MAX_ROWS = 2000;
/** Size of the uploaded xlsx. */
export const PERSONNEL_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** One data row as read from the sheet: every cell as text (empty cells ''). */
export const personnelImportRowSchema = z.object(
  Object.fromEntries(PERSONNEL_IMPORT_COLUMNS.map((c) => [c, z.string()])) as Record<
    PersonnelImportColumn,
    z.ZodString
  >,
);
export type PersonnelImportRow = z.infer<typeof personnelImportRowSchema>;

/** POST projects/{id}/personnel/import?preview=true|false (multipart, field `file`). Default preview. */
export const personnelImportQuerySchema = z.strictObject({
  preview: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  lang: z.string().max(16).optional(),
});

/** A problem of one cell: the column and an error key (`personnel.*` / `validation.*`), with its text. */
export const personnelImportErrorSchema = z.object({
  field: z.string(),
  key: z.string(),
  message: z.string(),
});

/** The preview: every row (its sheet row number, 1-based with the header at 1), its values and problems. */
export const personnelImportPreviewSchema = z.object({
  rows: z.array(
    z.object({
      row: z.number().int().min(2),
      values: personnelImportRowSchema,
      errors: z.array(personnelImportErrorSchema),
    }),
  ),
  valid: z.number().int().min(0),
  invalid: z.number().int().min(0),
});
export type PersonnelImportPreview = z.infer<typeof personnelImportPreviewSchema>;

/** The commit (preview=false): all rows saved, or nothing and 400 personnel.importInvalid with the preview. */
export const personnelImportCommitSchema = z.object({
  created: z.number().int().min(0),
  ids: z.array(z.string()),
});
export type PersonnelImportCommit = z.infer<typeof personnelImportCommitSchema>;
