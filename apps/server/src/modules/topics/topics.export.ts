import { PassThrough, type Readable } from 'node:stream';
import type { Language } from '@lintel/contracts';
import { TOPIC_EXPORT_COLUMNS, type TopicSummary, topicOptionLabel } from '@lintel/contracts/topics';

const SHEET_NAME: Readonly<Record<Language, string>> = { 'zh-CN': '问题', 'en-US': 'Problems' };
const FILE_NAME: Readonly<Record<Language, string>> = { 'zh-CN': '问题列表', 'en-US': 'problems' };
const LIST_SEPARATOR: Readonly<Record<Language, string>> = { 'zh-CN': '、', 'en-US': ', ' };

/** The download's name: `问题列表-2026-11-21.xlsx` (and an ASCII one for old clients). */
export function exportFileName(language: Language, today: string): { utf8: string; ascii: string } {
  return { utf8: `${FILE_NAME[language]}-${today}.xlsx`, ascii: `problems-${today}.xlsx` };
}

const person = (user: { name: string; nickName: string } | null | undefined) =>
  user ? user.nickName || user.name : '';

/** One row of the sheet, in TOPIC_EXPORT_COLUMNS order, from an expanded summary. */
export function exportRow(topic: TopicSummary, language: Language): Array<string | number | Date> {
  const values: Record<(typeof TOPIC_EXPORT_COLUMNS)[number]['key'], string | number | Date> = {
    number: topic.number,
    name: topic.name,
    domain: topic.domain ? (language === 'en-US' && topic.domain.nameEn) || topic.domain.name : '',
    species: topic.species?.name ?? '',
    subcontract: topic.subcontract?.name ?? '',
    priority: topicOptionLabel('priorities', topic.priority, language),
    status: topicOptionLabel('displayStates', topic.state, language),
    delay: topicOptionLabel('delayBuckets', topic.delay, language),
    deadline: topic.deadline ?? '',
    creator: person(topic.creator),
    mentions: (topic.mentionedUsers ?? []).map(person).join(LIST_SEPARATOR[language]),
    createdAt: new Date(topic.createdAt),
  };
  return TOPIC_EXPORT_COLUMNS.map((column) => values[column.key]);
}

/**
 * The .xlsx of a topic list, written with exceljs' streaming writer as the batches come: rows are committed
 * one by one, so memory stays flat however long the list. The first batch is read before anything is
 * answered, so that a failure there is still an ordinary error response; a later failure ends the stream.
 */
export async function topicsWorkbook(
  batches: AsyncGenerator<TopicSummary[]>,
  language: Language,
): Promise<Readable> {
  const { default: ExcelJS } = await import('exceljs');
  const first = await batches.next();
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(SHEET_NAME[language], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = TOPIC_EXPORT_COLUMNS.map((column) => ({
    header: column.header[language],
    key: column.key,
    width: column.key === 'name' || column.key === 'mentions' ? 40 : 16,
    ...(column.key === 'createdAt' ? { style: { numFmt: 'yyyy-mm-dd hh:mm' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const write = async () => {
    let batch = first;
    while (!batch.done) {
      for (const topic of batch.value) sheet.addRow(exportRow(topic, language)).commit();
      batch = await batches.next();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}
