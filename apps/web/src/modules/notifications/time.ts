import type { Language } from '@lintel/contracts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm` in local time (spec 000 §9 dates, with the time of day); the input when unparseable. */
export function absoluteTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * "3 minutes ago" / "3 分钟前" for the last week, in the language (Intl, no library); older ones and
 * times in the future (a skewed clock) show the absolute date. Under a minute is null: the caller says
 * "just now" in its own words.
 */
export function relativeTime(iso: string, now: number, language: Language): string | null {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const elapsed = now - time;
  if (elapsed < -MINUTE || elapsed >= 7 * DAY) return absoluteTime(iso).slice(0, 10);
  if (elapsed < MINUTE) return null;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  return format.format(-Math.floor(elapsed / DAY), 'day');
}
