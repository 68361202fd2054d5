/**
 * Construction sites keep China time (UTC+8, no daylight saving): a deadline, an attendance day or a
 * day-off is a calendar day there, whatever the server's or the browser's time zone. Every "which day is
 * it" question of the product goes through here, so that a problem due on Friday is late from Saturday
 * 00:00 in Beijing, not from 08:00.
 */
export const SITE_UTC_OFFSET_MINUTES = 8 * 60;

/** The site's calendar date (`YYYY-MM-DD`) of an instant. */
export function siteDate(instant: Date | string): string {
  const time = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return new Date(time + SITE_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}
