import type { Language } from '@lintel/contracts';
import type { ViolationRecord, ViolationStatistics } from '@lintel/contracts/personnel';
import { exportFileName, type SheetSpec, spreadsheet } from '../../files/spreadsheet';

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
  const names =
    kind === 'records'
      ? { 'zh-CN': '违章记录', 'en-US': 'violations' }
      : { 'zh-CN': '违章统计', 'en-US': 'violation-statistics' };
  return exportFileName(names, today, 'xlsx', language);
}

/** The records as listed: one row each. */
export function violationsWorkbook(records: ViolationRecord[], language: Language): Promise<Buffer> {
  return spreadsheet([
    {
      name: T.records[language],
      columns: [
        { header: T.date[language], key: 'date', width: 12 },
        { header: T.person[language], key: 'person', width: 12 },
        { header: T.unit[language], key: 'unit', width: 20 },
        { header: T.type[language], key: 'type', width: 16 },
        { header: T.item[language], key: 'item', width: 20 },
        { header: T.description[language], key: 'description', width: 40 },
        { header: T.recorder[language], key: 'recorder', width: 12 },
        { header: T.photos[language], key: 'photos', width: 8 },
      ],
      rows: records.map((record) => ({
        date: record.date,
        person: record.person?.name ?? '',
        unit: record.unit?.name ?? '',
        type: record.type?.name ?? '',
        item: record.item?.name ?? '',
        description: record.description,
        recorder: record.recorder?.name ?? '',
        photos: record.photos.length,
      })),
    },
  ]);
}

/** The statistics: a sheet by type, by unit and by month. */
export function violationStatisticsWorkbook(stats: ViolationStatistics, language: Language): Promise<Buffer> {
  const grouped = (name: Texts, label: Texts, rows: ViolationStatistics['byType']): SheetSpec => ({
    name: name[language],
    columns: [
      { header: label[language], key: 'group', width: 24 },
      { header: T.count[language], key: 'count', width: 10 },
    ],
    rows: rows.map((row) => ({ group: row.group?.name ?? T.none[language], count: row.count })),
  });
  return spreadsheet([
    grouped(T.byType, T.type, stats.byType),
    grouped(T.byUnit, T.unit, stats.byUnit),
    {
      name: T.byMonth[language],
      columns: [
        { header: T.month[language], key: 'month', width: 12 },
        { header: T.count[language], key: 'count', width: 10 },
      ],
      rows: stats.byMonth,
    },
  ]);
}
