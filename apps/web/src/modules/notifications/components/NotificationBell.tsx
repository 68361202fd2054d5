import '../locales';
import '../notifications.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../app/useLanguage';
import { unreadCountQuery } from '../api';
import { useLiveNotifications } from '../live/useLiveNotifications';
import { NOTIFICATIONS_PATH } from '../paths';
import { BellIcon } from './BellIcon';

/** How often the badge asks for the unread count while the stream is down. */
export const POLL_INTERVAL_MS = 30_000;

/** Past this the badge shows "99+" (the exact count stays in `data-count` and the label). */
const MAX_SHOWN = 99;

/**
 * The header's bell (lazily loaded, for a signed-in user only): the live unread count, and the way into
 * the notification centre. It owns the tab's one notification stream; while the stream keeps failing it
 * polls the count instead.
 */
export default function NotificationBell() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { mode, latest } = useLiveNotifications(language);
  const polling = mode === 'polling';
  const unread = useQuery({
    ...unreadCountQuery,
    enabled: polling,
    // Entering polling fetches at once; then every interval.
    staleTime: polling ? 0 : Number.POSITIVE_INFINITY,
    refetchInterval: polling ? POLL_INTERVAL_MS : false,
  });
  const count = unread.data ?? 0;
  const label = count > 0 ? t('notifications:bell.labelUnread', { count }) : t('notifications:bell.label');

  return (
    <>
      <Link
        to={NOTIFICATIONS_PATH}
        className="app-header__link notification-bell"
        aria-label={label}
        title={label}
        data-testid="notification-bell"
      >
        <BellIcon className="notification-bell__icon" />
        {count > 0 ? (
          <span
            className="notification-bell__count"
            data-testid="notification-badge"
            data-count={count}
            aria-hidden
          >
            {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
          </span>
        ) : null}
      </Link>
      {/* Read out when a notification arrives; the title alone, the bell's label carries the count. */}
      <span
        className="notifications-sr-only"
        role="status"
        aria-live="polite"
        data-testid="notification-announcer"
      >
        {latest ? t('notifications:bell.arrived', { title: latest.title }) : ''}
      </span>
    </>
  );
}
