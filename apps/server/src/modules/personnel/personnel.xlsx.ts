import type { Language } from '@lintel/contracts';
import {
  BLOOD_TYPES,
  idNumberCheckCharacter,
  PERSONNEL_IMPORT_COLUMNS,
  PERSONNEL_IMPORT_HEADERS,
  PERSONNEL_IMPORT_REQUIRED,
  PERSONNEL_OPTION_LABELS,
  type Person,
  type PersonnelImportColumn,
  type PersonnelImportRow,
} from '@lintel/contracts/personnel';
import type { Cell, CellValue } from 'exceljs';
import { AppError } from '../../plugins/app-error';
import { spreadsheet } from '../files/spreadsheet';

const TEMPLATE_SHEET: Readonly<Record<Language, string>> = { 'zh-CN': '人员', 'en-US': 'Personnel' };
const TEMPLATE_FILE: Readonly<Record<Language, string>> = {
  'zh-CN': '人员导入模板',
  'en-US': 'personnel-template',
};
const EXPORT_FILE: Readonly<Record<Language, string>> = { 'zh-CN': '人员列表', 'en-US': 'personnel' };
const LIST_SEPARATOR: Readonly<Record<Language, string>> = { 'zh-CN': '、', 'en-US': ', ' };

/** The download's name (UTF-8) and an ASCII one for old clients. */
export function templateFileName(language: Language): { utf8: string; ascii: string } {
  return { utf8: `${TEMPLATE_FILE[language]}.xlsx`, ascii: 'personnel-template.xlsx' };
}
export function exportFileName(language: Language, today: string): { utf8: string; ascii: string } {
  return { utf8: `${EXPORT_FILE[language]}-${today}.xlsx`, ascii: `personnel-${today}.xlsx` };
}

const header = (column: PersonnelImportColumn, language: Language) =>
  `${PERSONNEL_IMPORT_HEADERS[column][language]}${PERSONNEL_IMPORT_REQUIRED.includes(column) ? '*' : ''}`;

/** A made-up ID number that passes the checks (Beijing Dongcheng, born 1990-05-01, male). */
const EXAMPLE_ID_FIRST17 = '11010119900501003';

/**
 * The import template: the header in the request's language (required columns marked *), one example row,
 * and the ID number column formatted as text (Excel would turn 18 digits into a rounded number).
 */
export async function personnelTemplate(language: Language, today: string): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(TEMPLATE_SHEET[language], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = PERSONNEL_IMPORT_COLUMNS.map((column) => ({
    header: header(column, language),
    key: column,
    width: column === 'idNumber' || column === 'certificates' || column === 'team' ? 24 : 14,
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  const zh = language === 'zh-CN';
  const example: PersonnelImportRow = {
    name: zh ? '张三' : 'Zhang San',
    idNumber: EXAMPLE_ID_FIRST17 + idNumberCheckCharacter(EXAMPLE_ID_FIRST17),
    unitName: zh ? '示范劳务公司' : 'Demo Labour Co.',
    craftName: zh ? '钢筋工' : 'Steel fixer',
    bloodType: 'A',
    team: zh ? '钢筋一班' : 'Rebar team 1',
    teamContact: zh ? '李四' : 'Li Si',
    teamPhone: '13800000000',
    phone: '13900000000',
    certificates: 'T110101199005010031',
    entryDate: today,
    ruleName: '',
    remark: '',
  };
  sheet.addRow(example);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An xlsx is a zip (PK\x03\x04) whose entries include xl/workbook.xml (names are stored uncompressed). */
export function looksLikeXlsx(bytes: Buffer): boolean {
  return (
    bytes.length > 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    bytes[2] === 0x03 &&
    bytes[3] === 0x04 &&
    bytes.includes('xl/workbook.xml')
  );
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A cell as the text a person typed: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value).trim();
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('result' in value) return cellText(value.result as CellValue);
    if ('text' in value) return String(value.text).trim();
    if ('error' in value) return '';
  }
  return '';
}

const normalizeHeader = (text: string) => text.replace(/[*＊\s]/g, '').toLowerCase();

/** One data row with its sheet row number (1-based; the header is row 1). */
export interface SheetRow {
  row: number;
  values: PersonnelImportRow;
}

/**
 * The rows of the first sheet, by header (either language; order free; unknown columns ignored). A missing
 * required column is a 400 personnel.importHeaderMismatch; an unreadable file a 415. Empty rows are skipped.
 */
export async function readPersonnelSheet(bytes: Buffer, maxRows: number): Promise<SheetRow[]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new AppError(415, 'personnel.importNotXlsx', { cause: error });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(400, 'personnel.importEmpty');
  const byHeader = new Map<string, PersonnelImportColumn>();
  for (const column of PERSONNEL_IMPORT_COLUMNS) {
    for (const text of Object.values(PERSONNEL_IMPORT_HEADERS[column]))
      byHeader.set(normalizeHeader(text), column);
  }
  const positions = new Map<PersonnelImportColumn, number>();
  sheet.getRow(1).eachCell((cell: Cell, index: number) => {
    const column = byHeader.get(normalizeHeader(cellText(cell.value)));
    if (column && !positions.has(column)) positions.set(column, index);
  });
  if (PERSONNEL_IMPORT_REQUIRED.some((column) => !positions.has(column))) {
    throw new AppError(400, 'personnel.importHeaderMismatch');
  }
  const rows: SheetRow[] = [];
  for (let index = 2; index <= sheet.rowCount; index++) {
    const row = sheet.getRow(index);
    const values = Object.fromEntries(
      PERSONNEL_IMPORT_COLUMNS.map((column) => {
        const position = positions.get(column);
        return [column, position ? cellText(row.getCell(position).value) : ''];
      }),
    ) as PersonnelImportRow;
    if (Object.values(values).every((value) => value === '')) continue;
    rows.push({ row: index, values });
    if (rows.length > maxRows)
      throw new AppError(400, 'personnel.importTooLarge', { params: { max: maxRows } });
  }
  if (rows.length === 0) throw new AppError(400, 'personnel.importEmpty');
  return rows;
}

/** Blood types as typed: the code, or its label in either language (A型, 未知, Unknown). */
export function parseBloodType(text: string): (typeof BLOOD_TYPES)[number] | null {
  if (text === '') return 'unknown';
  const plain = text.replace(/\s/g, '');
  for (const code of BLOOD_TYPES) {
    const labels = PERSONNEL_OPTION_LABELS.bloodType[code];
    if (
      [code, labels['zh-CN'], labels['en-US']].some((label) => label.toLowerCase() === plain.toLowerCase())
    ) {
      return code;
    }
  }
  return null;
}

// ── export ──

const EXPORT_COLUMNS = [
  { key: 'name', header: { 'zh-CN': '姓名', 'en-US': 'Name' } },
  { key: 'sex', header: { 'zh-CN': '性别', 'en-US': 'Sex' } },
  { key: 'idNumber', header: { 'zh-CN': '身份证号', 'en-US': 'ID number' } },
  { key: 'age', header: { 'zh-CN': '年龄', 'en-US': 'Age' } },
  { key: 'bloodType', header: { 'zh-CN': '血型', 'en-US': 'Blood type' } },
  { key: 'unit', header: { 'zh-CN': '单位', 'en-US': 'Unit' } },
  { key: 'craft', header: { 'zh-CN': '工种', 'en-US': 'Craft' } },
  { key: 'team', header: { 'zh-CN': '班组/劳务公司', 'en-US': 'Team / labour company' } },
  { key: 'teamContact', header: { 'zh-CN': '联系人', 'en-US': 'Contact' } },
  { key: 'teamPhone', header: { 'zh-CN': '联系电话', 'en-US': 'Contact phone' } },
  { key: 'phone', header: { 'zh-CN': '本人手机', 'en-US': 'Mobile' } },
  { key: 'certificates', header: { 'zh-CN': '特种作业证号', 'en-US': 'Special-work certificates' } },
  { key: 'entryDate', header: { 'zh-CN': '进场日期', 'en-US': 'Entry date' } },
  { key: 'exitDate', header: { 'zh-CN': '退场日期', 'en-US': 'Exit date' } },
  { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' } },
  { key: 'rule', header: { 'zh-CN': '考勤规则', 'en-US': 'Attendance rule' } },
  { key: 'safetyEducation', header: { 'zh-CN': '安全教育次数', 'en-US': 'Safety education sessions' } },
  { key: 'remark', header: { 'zh-CN': '备注', 'en-US': 'Remark' } },
] as const;

export function exportRow(person: Person, language: Language): Array<string | number> {
  const values: Record<(typeof EXPORT_COLUMNS)[number]['key'], string | number> = {
    name: person.name,
    sex: PERSONNEL_OPTION_LABELS.sex[person.sex][language],
    idNumber: person.idNumber,
    age: person.age,
    bloodType: PERSONNEL_OPTION_LABELS.bloodType[person.bloodType][language],
    unit: person.unit?.name ?? '',
    craft: person.craft?.name ?? '',
    team: person.team,
    teamContact: person.teamContact,
    teamPhone: person.teamPhone,
    phone: person.phone,
    certificates: person.certificates.join(LIST_SEPARATOR[language]),
    entryDate: person.entryDate,
    exitDate: person.exitDate ?? '',
    status: PERSONNEL_OPTION_LABELS.status[person.status][language],
    rule: person.rule?.name ?? '',
    safetyEducation: person.safetyEducation.length,
    remark: person.remark,
  };
  return EXPORT_COLUMNS.map((column) => values[column.key]);
}

/** The .xlsx of a personnel list (text cells: ID numbers stay exact). */
export function personnelWorkbook(people: readonly Person[], language: Language): Promise<Buffer> {
  return spreadsheet([
    {
      name: TEMPLATE_SHEET[language],
      columns: EXPORT_COLUMNS.map((column) => ({
        header: column.header[language],
        key: column.key,
        width: column.key === 'idNumber' || column.key === 'certificates' ? 24 : 14,
      })),
      rows: people.map((person) => exportRow(person, language)),
    },
  ]);
}
