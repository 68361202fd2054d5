import type { PageLoader } from '../../app/routeTypes';

/** The announcements of a project's workbench: the lists, one announcement, and the form. */
export const announcementsPages = {
  /** /projects/:projectId/announcements (received) and …/announcements/sent. */
  list: () => import('./pages/AnnouncementsPage'),
  /** /projects/:projectId/announcements/:announcementId */
  detail: () => import('./pages/AnnouncementDetailPage'),
  /** /projects/:projectId/announcements/new */
  create: () => import('./pages/NewAnnouncementPage'),
} satisfies Record<string, PageLoader>;
