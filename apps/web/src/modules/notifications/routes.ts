import type { PageLoader } from '../../app/routeTypes';

/** The notification centre; the header's bell is loaded by AppHeader itself, for signed-in users only. */
export const notificationsPages = {
  /** /notifications. */
  centre: () => import('./pages/NotificationCentrePage'),
} satisfies Record<string, PageLoader>;
