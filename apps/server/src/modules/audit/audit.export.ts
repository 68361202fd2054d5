import type { Language } from '@lintel/contracts';
import { AUDIT_ACTION_LABELS, type AuditEntryView } from '@lintel/contracts/system';
import { spreadsheet } from '../files/spreadsheet';

type Texts = Readonly<Record<Language, string>>;
const T = {
  time: { 'zh-CN': '时间（UTC）', 'en-US': 'Time (UTC)' },
  action: { 'zh-CN': '操作', 'en-US': 'Action' },
  actor: { 'zh-CN': '操作人', 'en-US': 'By' },
  ip: { 'zh-CN': 'IP 地址', 'en-US': 'IP address' },
  project: { 'zh-CN': '项目', 'en-US': 'Project' },
  target: { 'zh-CN': '对象', 'en-US': 'Target' },
  detail: { 'zh-CN': '详情', 'en-US': 'Details' },
  anonymous: { 'zh-CN': '（匿名）', 'en-US': '(anonymous)' },
  sheet: { 'zh-CN': '审计日志', 'en-US': 'Audit log' },
} satisfies Record<string, Texts>;

const COLUMNS = ['time', 'action', 'actor', 'ip', 'project', 'target', 'detail'] as const;

export function auditFileName(format: 'xlsx' | 'csv', today: string, language: Language) {
  const ascii = `audit-log-${today}.${format}`;
  return { utf8: language === 'zh-CN' ? `审计日志-${today}.${format}` : ascii, ascii };
}

/** One entry as the export's cells, in the reader's language. */
function cells(entry: AuditEntryView, language: Language): Record<(typeof COLUMNS)[number], string> {
  return {
    time: entry.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ''),
    action: AUDIT_ACTION_LABELS[entry.action]?.[language] ?? entry.action,
    actor: entry.actorName ?? entry.actorId ?? T.anonymous[language],
    ip: entry.ip ?? '',
    project: entry.projectName ?? entry.projectId ?? '',
    target: [entry.targetType, entry.targetId].filter(Boolean).join(' '),
    detail: Object.entries(entry.detail)
      .map(([key, value]) => `${key}=${value === null ? '' : String(value)}`)
      .join('; '),
  };
}

/**
 * A cell a spreadsheet would read as a formula (= + - @, tab, carriage return) is prefixed with an
 * apostrophe: an account name tried at sign-in is attacker-chosen text.
 */
function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function auditWorkbook(entries: AuditEntryView[], language: Language): Promise<Buffer> {
  const widths = { time: 20, action: 22, actor: 20, ip: 16, project: 24, target: 30, detail: 60 };
  return spreadsheet([
    {
      name: T.sheet[language],
      columns: COLUMNS.map((key) => ({ header: T[key][language], key, width: widths[key] })),
      rows: entries.map((entry) => {
        const row = cells(entry, language);
        return Object.fromEntries(COLUMNS.map((key) => [key, safeCell(row[key])]));
      }),
    },
  ]);
}

function csvField(text: string): string {
  const safe = safeCell(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** UTF-8 with a byte order mark (so that Excel reads Chinese right), CRLF lines (RFC 4180). */
export function auditCsv(entries: AuditEntryView[], language: Language): Buffer {
  const lines = [COLUMNS.map((key) => csvField(T[key][language])).join(',')];
  for (const entry of entries) {
    const row = cells(entry, language);
    lines.push(COLUMNS.map((key) => csvField(row[key])).join(','));
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
