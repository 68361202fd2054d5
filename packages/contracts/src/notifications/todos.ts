import type { Language } from '../common/language';

/**
 * The delay bands of spec 001 §9 (1-7, 8-30, over 30 days late), plus `overdue` for any delay. A to-do is
 * late by the whole days between its due date and today; one due today is not late.
 */
export const TODO_DELAYS = ['overdue', '1-7', '8-30', 'over30'] as const;
export type TodoDelay = (typeof TODO_DELAYS)[number];

export const TODO_DELAY_LABELS: Readonly<Record<TodoDelay, Readonly<Record<Language, string>>>> = {
  overdue: { 'zh-CN': '已逾期', 'en-US': 'Overdue' },
  '1-7': { 'zh-CN': '逾期 1-7 天', 'en-US': '1-7 days late' },
  '8-30': { 'zh-CN': '逾期 8-30 天', 'en-US': '8-30 days late' },
  over30: { 'zh-CN': '逾期 30 天以上', 'en-US': 'Over 30 days late' },
};

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(date: string): number {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days a to-do due on `dueDate` is late on `today` (both YYYY-MM-DD); 0 when not late or undated. */
export function todoDelayDays(dueDate: string | null, today: string): number {
  if (dueDate === null) return 0;
  return Math.max(0, dayNumber(today) - dayNumber(dueDate));
}

/** The due dates (inclusive, YYYY-MM-DD; `from` null: no lower bound) of the to-dos in a delay band today. */
export function todoDelayRange(delay: TodoDelay, today: string): { from: string | null; to: string } {
  const day = dayNumber(today);
  switch (delay) {
    case 'overdue':
      return { from: null, to: dateOf(day - 1) };
    case '1-7':
      return { from: dateOf(day - 7), to: dateOf(day - 1) };
    case '8-30':
      return { from: dateOf(day - 30), to: dateOf(day - 8) };
    case 'over30':
      return { from: null, to: dateOf(day - 31) };
  }
}
