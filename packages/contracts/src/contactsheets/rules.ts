import type { Language } from '../common/language';

// ── limits (spec 001 §3/§5/§9; values the specification leaves open are ours) ─────────────────────────────

export const CONTACT_SHEET_TITLE_MAX_LENGTH = 100;
/** Plain text (never HTML). */
export const CONTACT_SHEET_CONTENT_MAX_LENGTH = 10_000;
export const CONTACT_SHEET_REPLY_MAX_LENGTH = 10_000;
export const CONTACT_SHEET_ATTACHMENTS_MAX = 20;
/** Receivers, cc and forwardees together on one sheet. */
export const CONTACT_SHEET_PEOPLE_MAX = 200;
export const CONTACT_SHEET_SENDER_UNIT_MAX_LENGTH = 100;
export const CONTACT_SHEET_REMARK_MAX_LENGTH = 500;
/** Linked model, viewport and selection set: ids or names the model module hands out. */
export const CONTACT_SHEET_LINK_MAX_LENGTH = 64;
/** Lists and notifications show this many characters of the content. */
export const CONTACT_SHEET_EXCERPT_LENGTH = 140;

// ── kinds and their numbers ──────────────────────────────────────────────────────────────────────────────

/** The kinds of sheet (`type`), a fixed list. */
export const CONTACT_SHEET_TYPES = ['contact', 'notice', 'change', 'visa'] as const;
export type ContactSheetType = (typeof CONTACT_SHEET_TYPES)[number];
export const DEFAULT_CONTACT_SHEET_TYPE: ContactSheetType = 'contact';

export const CONTACT_SHEET_TYPE_LABELS: Readonly<
  Record<ContactSheetType, Readonly<Record<Language, string>>>
> = {
  contact: { 'zh-CN': '工作联系单', 'en-US': 'Work contact sheet' },
  notice: { 'zh-CN': '通知单', 'en-US': 'Notice' },
  change: { 'zh-CN': '变更单', 'en-US': 'Change order' },
  visa: { 'zh-CN': '签证单', 'en-US': 'Site visa' },
};

/** The prefix of each kind's numbers: 联系单 LXD, 通知单 TZD, 变更单 BGD, 签证单 QZD. */
export const CONTACT_SHEET_NUMBER_PREFIXES: Readonly<Record<ContactSheetType, string>> = {
  contact: 'LXD',
  notice: 'TZD',
  change: 'BGD',
  visa: 'QZD',
};

export function contactSheetTypeLabel(type: ContactSheetType, language: Language): string {
  return CONTACT_SHEET_TYPE_LABELS[type][language];
}

/**
 * A sheet's number as shown: `<prefix>-<year of sending>-<sequence, at least 4 digits>`, e.g.
 * `LXD-2026-0001`. The sequence runs per project and kind (it does not restart with the year) and is never
 * reused, not even after a delete.
 */
export function formatContactSheetNumber(type: ContactSheetType, year: number, sequence: number): string {
  return `${CONTACT_SHEET_NUMBER_PREFIXES[type]}-${year}-${String(sequence).padStart(4, '0')}`;
}

// ── text rules ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * Characters a title may not hold (spec 001 §5 "illegal characters"): control characters, which cannot be
 * printed and break one-line lists. The characters a file name cannot have (\ / : * ? " < > |) are allowed:
 * site subjects need "3/F", "1:100" and "C30/35"; the downloaded PDF's name is made safe instead
 * (contactSheetFileName).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it refuses.
const ILLEGAL = /[\u0000-\u001f\u007f]/;

export function hasIllegalTitleCharacters(title: string): boolean {
  return ILLEGAL.test(title);
}

/** The first characters of the content, on one line, with an ellipsis when cut (by characters). */
export function contactSheetExcerpt(content: string, length = CONTACT_SHEET_EXCERPT_LENGTH): string {
  const line = content.replace(/\s+/g, ' ').trim();
  const characters = [...line];
  return characters.length <= length ? line : `${characters.slice(0, length).join('').trimEnd()}…`;
}

/** What no file system takes in a name (Windows is the strictest): each becomes a look-alike or a dash. */
const FILE_NAME_UNSAFE: Readonly<Record<string, string>> = {
  '\\': '-',
  '/': '-',
  ':': '：',
  '*': '＊',
  '?': '？',
  '"': "'",
  '<': '＜',
  '>': '＞',
  '|': '-',
};

/**
 * The download's file name: `<number> <title>.pdf`, the title's file-name characters replaced by look-alikes
 * or dashes ("3/F" → "3-F", "1:100" → "1：100") so that every system saves it under that name.
 */
export function contactSheetFileName(number: string, title: string): string {
  const safe = title.replace(/[\\/:*?"<>|]/g, (c) => FILE_NAME_UNSAFE[c] ?? '-').replace(/\.+$/, '');
  return `${number} ${safe}.pdf`;
}
