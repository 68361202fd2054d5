/**
 * Attendance days. A project works in China time (UTC+8, no daylight saving): an event counts for its
 * Beijing date, and a day runs from 00:00 to 24:00 Beijing time (16:00 UTC the evening before to 16:00
 * UTC). A night shift that crosses midnight therefore splits over two days; gates on Chinese sites are
 * configured per day, and so is the labour record the law asks for.
 */

import { SITE_UTC_OFFSET_MINUTES, siteDate } from '@lintel/contracts';

const CHINA_OFFSET_MS = SITE_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The Beijing date (YYYY-MM-DD) of an instant: the site's date, as everywhere in the product. */
export const beijingDay = siteDate;

/** The UTC instant at which a Beijing day begins. */
export function beijingDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - CHINA_OFFSET_MS);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export type Period = 'day' | 'week' | 'month';

/** The days of the period containing `date`: the day; its week, Monday to Sunday; its calendar month. */
export function periodDays(period: Period, date: string): string[] {
  if (period === 'day') return [date];
  if (period === 'week') {
    const weekday = (new Date(`${date}T00:00:00.000Z`).getUTCDay() + 6) % 7; // Monday 0
    const monday = addDays(date, -weekday);
    return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  }
  const first = `${date.slice(0, 7)}-01`;
  const days: string[] = [];
  for (let day = first; day.slice(0, 7) === first.slice(0, 7); day = addDays(day, 1)) days.push(day);
  return days;
}

export type DayStatus = 'absent' | 'abnormal' | 'rest' | 'normal';

/** What the events (or a correction of them) say of one person's day. */
export interface DayPunches {
  /** The earliest clock-in, ISO UTC. */
  firstIn: string | null;
  /** The latest clock-out, ISO UTC. */
  lastOut: string | null;
}

/** A correction as stored: a time null keeps the events' one, '' clears it; a status null is computed. */
export interface DayCorrection {
  firstIn: string | null;
  lastOut: string | null;
  status: DayStatus | null;
}

export interface DayOutcome extends DayPunches {
  status: DayStatus;
  /** Hours worked by the person's rule, two decimals. */
  hours: number;
  corrected: boolean;
}

const toHours = (ms: number) => (ms > 0 ? Math.round(ms / 36_000) / 100 : 0);

/** Hours from the first in to the last out, to two decimals; 0 when one is missing or out is not after in. */
export function workedHours({ firstIn, lastOut }: DayPunches): number {
  if (!firstIn || !lastOut) return 0;
  return toHours(Date.parse(lastOut) - Date.parse(firstIn));
}

/**
 * Hours of a rule with cumulative hours: the sum of the day's in → out pairs (events in time order; an in
 * opens a pair, the next out closes it; a repeated in keeps the first, an out without an open in is ignored).
 */
export function pairedHours(events: ReadonlyArray<{ direction: 'in' | 'out'; at: string }>): number {
  let open: number | null = null;
  let total = 0;
  for (const event of events) {
    const at = Date.parse(event.at);
    if (event.direction === 'in') open ??= at;
    else if (open !== null) {
      total += Math.max(0, at - open);
      open = null;
    }
  }
  return toHours(total);
}

/**
 * The day status (spec 001 §4): a day-off of the project is rest; without any punch it is absent; only an
 * in or only an out, or fewer hours than the person's rule asks, is abnormal; in and out with the rule's
 * hours is normal. A correction's times replace the events' (and the hours become their span); its status,
 * when it gives one, replaces the computed status.
 */
export function dayOutcome(input: {
  punches: DayPunches;
  isDayOff: boolean;
  ruleHours: number;
  /** The in → out pairs' sum, for a rule with cumulative hours; absent: the first-in-to-last-out span. */
  pairedHours?: number | undefined;
  correction?: DayCorrection | undefined;
}): DayOutcome {
  // Runs once per person-day of a statistics period (60,000 for 2,000 people over a month): kept plain.
  const { correction } = input;
  let firstIn = input.punches.firstIn;
  let lastOut = input.punches.lastOut;
  let timesCorrected = false;
  if (correction) {
    if (correction.firstIn !== null) firstIn = correction.firstIn || null;
    if (correction.lastOut !== null) lastOut = correction.lastOut || null;
    timesCorrected = correction.firstIn !== null || correction.lastOut !== null;
  }
  const hours =
    input.pairedHours !== undefined && !timesCorrected
      ? input.pairedHours
      : firstIn && lastOut
        ? toHours(Date.parse(lastOut) - Date.parse(firstIn))
        : 0;
  let status: DayStatus;
  if (correction?.status) status = correction.status;
  else if (input.isDayOff) status = 'rest';
  else if (!firstIn && !lastOut) status = 'absent';
  else if (!firstIn || !lastOut || hours < input.ruleHours) status = 'abnormal';
  else status = 'normal';
  return { firstIn, lastOut, hours, status, corrected: correction !== undefined };
}

/** The Beijing wall-clock time (HH:mm) of an instant. */
export function beijingClock(at: string): string {
  return new Date(Date.parse(at) + CHINA_OFFSET_MS).toISOString().slice(11, 16);
}

/** The instant of a Beijing wall-clock time (HH:mm) on a Beijing day, ISO UTC. */
export function beijingInstant(day: string, time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(beijingDayStart(day).getTime() + (hours * 60 + minutes) * 60_000).toISOString();
}
