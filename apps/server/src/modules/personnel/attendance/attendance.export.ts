import type { Language } from '@lintel/contracts';
import {
  ATTENDANCE_STATUS_LABELS,
  type AttendanceDayStatus,
  type AttendanceMonthSheet,
  type AttendanceStatistics,
} from '@lintel/contracts/personnel';
import { exportFileName, spreadsheet } from '../../files/spreadsheet';

type Texts = Readonly<Record<Language, string>>;

const T = {
  person: { 'zh-CN': '姓名', 'en-US': 'Name' },
  unit: { 'zh-CN': '单位', 'en-US': 'Unit' },
  craft: { 'zh-CN': '工种', 'en-US': 'Craft' },
  none: { 'zh-CN': '（无）', 'en-US': '(none)' },
  date: { 'zh-CN': '日期', 'en-US': 'Date' },
  headcount: { 'zh-CN': '在册人数', 'en-US': 'On the books' },
  present: { 'zh-CN': '出勤人天', 'en-US': 'Present (person-days)' },
  hours: { 'zh-CN': '工时', 'en-US': 'Hours' },
  total: { 'zh-CN': '合计', 'en-US': 'Total' },
  sheetSheet: { 'zh-CN': '月考勤表', 'en-US': 'Month sheet' },
  byGroup: { 'zh-CN': '按分组', 'en-US': 'By group' },
  byDay: { 'zh-CN': '按日', 'en-US': 'By day' },
} satisfies Record<string, Texts>;

const STATUSES: readonly AttendanceDayStatus[] = ['normal', 'abnormal', 'absent', 'rest'];
const statusLabel = (status: AttendanceDayStatus, language: Language) =>
  ATTENDANCE_STATUS_LABELS[status][language];

/** The download's name (UTF-8) and an ASCII one for old clients. */
export function attendanceFileName(
  kind: 'monthSheet' | 'statistics',
  label: string,
  language: Language,
): { utf8: string; ascii: string } {
  const names =
    kind === 'monthSheet'
      ? { 'zh-CN': '月考勤表', 'en-US': 'attendance-month' }
      : { 'zh-CN': '考勤统计', 'en-US': 'attendance-statistics' };
  return exportFileName(names, label, 'xlsx', language);
}

/** The month sheet: one row per person, one column per day with the status, then the counts and hours. */
export function monthSheetWorkbook(sheet: AttendanceMonthSheet, language: Language): Promise<Buffer> {
  return spreadsheet([
    {
      name: T.sheetSheet[language],
      frozenColumns: 3,
      columns: [
        { header: T.person[language], key: 'person', width: 14 },
        { header: T.unit[language], key: 'unit', width: 20 },
        { header: T.craft[language], key: 'craft', width: 12 },
        ...sheet.days.map((day) => ({ header: String(Number(day.slice(8))), key: day, width: 6 })),
        ...STATUSES.map((status) => ({ header: statusLabel(status, language), key: status, width: 8 })),
        { header: T.hours[language], key: 'hours', width: 10 },
      ],
      rows: sheet.rows.map((row) => [
        row.person.name,
        row.unit?.name ?? '',
        row.craft?.name ?? '',
        ...row.days.map((status) => (status ? statusLabel(status, language) : '')),
        ...STATUSES.map((status) => row[status]),
        row.hours,
      ]),
    },
  ]);
}

/** The statistics: a sheet per group (unit or craft) with a total line, and a sheet per day. */
export function statisticsWorkbook(stats: AttendanceStatistics, language: Language): Promise<Buffer> {
  const counts = STATUSES.map((status) => ({
    header: statusLabel(status, language),
    key: status,
    width: 10,
  }));
  return spreadsheet([
    {
      name: T.byGroup[language],
      columns: [
        { header: (stats.groupBy === 'unit' ? T.unit : T.craft)[language], key: 'group', width: 24 },
        { header: T.headcount[language], key: 'headcount', width: 12 },
        { header: T.present[language], key: 'present', width: 14 },
        ...counts,
        { header: T.hours[language], key: 'hours', width: 10 },
      ],
      rows: stats.rows.map((row) => ({ ...row, group: row.group ? row.group.name : T.none[language] })),
      totalRow: { ...stats.totals, group: T.total[language] },
    },
    {
      name: T.byDay[language],
      columns: [
        { header: T.date[language], key: 'date', width: 12 },
        { header: T.present[language], key: 'present', width: 14 },
        ...counts,
      ],
      rows: stats.days,
    },
  ]);
}
