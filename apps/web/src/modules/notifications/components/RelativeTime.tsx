import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { absoluteTime, relativeTime } from '../time';

/** The current time, again every minute, so that "3 minutes ago" does not stay 3 minutes. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** "5 minutes ago", with the date and time on hover (and for screen readers, as the `time` element's title). */
export function RelativeTime({ iso, now }: { iso: string; now: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const absolute = absoluteTime(iso);
  return (
    <time className="notification-time" dateTime={iso} title={absolute} data-testid="notification-time">
      {relativeTime(iso, now, language) ?? t('notifications:time.justNow')}
    </time>
  );
}
