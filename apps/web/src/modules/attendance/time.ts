import dayjs, { type Dayjs } from 'dayjs';

/**
 * Attendance days are Beijing dates (the project works in China time, UTC+8, no daylight saving), whatever
 * the browser's zone: a day and the times of its punches are shown as they were on site.
 */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Today's date on site, `YYYY-MM-DD`. */
export function beijingToday(now: Date = new Date()): string {
  return new Date(now.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** An instant's time of day on site, `HH:mm` (empty for none). */
export function beijingClock(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  return new Date(time + BEIJING_OFFSET_MS).toISOString().slice(11, 16);
}

/** A `YYYY-MM-DD` or `YYYY-MM` as the pickers hold it (a calendar value, no zone involved). */
export function pickerValue(value: string): Dayjs {
  return dayjs(value.length === 7 ? `${value}-01` : value);
}

export const dayText = (value: Dayjs) => value.format('YYYY-MM-DD');
export const monthText = (value: Dayjs) => value.format('YYYY-MM');

/** Hours with at most two decimals, as the server counts them. */
export function hoursText(hours: number): string {
  return String(Math.round(hours * 100) / 100);
}
