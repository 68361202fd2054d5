import dayjs from 'dayjs';

// Apart from lib/format.ts, which loads on /login: dayjs stays out of that page's bundle.

/** A publication, reply or read time as the lists show it: date and minutes, in local time. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = dayjs(iso);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm') : iso;
}
