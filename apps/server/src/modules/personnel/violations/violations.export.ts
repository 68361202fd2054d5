import type { Language } from '@lintel/contracts';
import type { ViolationRecord, ViolationStatistics } from '@lintel/contracts/personnel';

type Texts = Readonly<Record<Language, string>>;
const T = {
  date: { 'zh-CN': '日期', 'en-US': 'Date' },
  person: { 'zh-CN': '人员', 'en-US': 'Person' },
  unit: { 'zh-CN': '单位', 'en-US': 'Unit' },
  type: { 'zh-CN': '违章类型', 'en-US': 'Type' },
  item: { 'zh-CN': '违章条目', 'en-US': 'Item' },
  description: { 'zh-CN': '描述', 'en-US': 'Description' },
  recorder: { 'zh-CN': '记录人', 'en-US': 'Recorder' },
  photos: { 'zh-CN': '照片数', 'en-US': 'Photos' },
  count: { 'zh-CN': '次数', 'en-US': 'Count' },
  month: { 'zh-CN': '月份', 'en-US': 'Month' },
  none: { 'zh-CN': '（无）', 'en-US': '(none)' },
  records: { 'zh-CN': '违章记录', 'en-US': 'Violations' },
  byType: { 'zh-CN': '按类型', 'en-US': 'By type' },
  byUnit: { 'zh-CN': '按单位', 'en-US': 'By unit' },
  byMonth: { 'zh-CN': '按月', 'en-US': 'By month' },
} satisfies Record<string, Texts>;

export function violationsFileName(
  kind: 'records' | 'statistics',
  today: string,
  language: Language,
): { utf8: string; ascii: string } {
  const zh = kind === 'records' ? '违章记录' : '违章统计';
  const ascii = kind === 'records' ? 'violations' : 'violation-statistics';
  return { utf8: `${language === 'zh-CN' ? zh : ascii}-${today}.xlsx`, ascii: `${ascii}-${today}.xlsx` };
}

async function newWorkbook() {
  const { default: ExcelJS } = await import('exceljs');
  return new ExcelJS.Workbook();
}

/** The records as listed: one row each. */
export async function violationsWorkbook(records: ViolationRecord[], language: Language): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(T.records[language], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: T.date[language], key: 'date', width: 12 },
    { header: T.person[language], key: 'person', width: 12 },
    { header: T.unit[language], key: 'unit', width: 20 },
    { header: T.type[language], key: 'type', width: 16 },
    { header: T.item[language], key: 'item', width: 20 },
    { header: T.description[language], key: 'description', width: 40 },
    { header: T.recorder[language], key: 'recorder', width: 12 },
    { header: T.photos[language], key: 'photos', width: 8 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const record of records) {
    sheet.addRow({
      date: record.date,
      person: record.person?.name ?? '',
      unit: record.unit?.name ?? '',
      type: record.type?.name ?? '',
      item: record.item?.name ?? '',
      description: record.description,
      recorder: record.recorder?.name ?? '',
      photos: record.photos.length,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The statistics: a sheet by type, by unit and by month. */
export async function violationStatisticsWorkbook(
  stats: ViolationStatistics,
  language: Language,
): Promise<Buffer> {
  const workbook = await newWorkbook();
  const grouped = (name: Texts, label: Texts, rows: ViolationStatistics['byType']) => {
    const sheet = workbook.addWorksheet(name[language]);
    sheet.columns = [
      { header: label[language], key: 'group', width: 24 },
      { header: T.count[language], key: 'count', width: 10 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) sheet.addRow({ group: row.group?.name ?? T.none[language], count: row.count });
  };
  grouped(T.byType, T.type, stats.byType);
  grouped(T.byUnit, T.unit, stats.byUnit);
  const months = workbook.addWorksheet(T.byMonth[language]);
  months.columns = [
    { header: T.month[language], key: 'month', width: 12 },
    { header: T.count[language], key: 'count', width: 10 },
  ];
  months.getRow(1).font = { bold: true };
  for (const row of stats.byMonth) months.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
