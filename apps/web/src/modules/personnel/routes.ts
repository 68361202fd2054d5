import type { PageLoader } from '../../app/routeTypes';

/** Personnel of a project's workbench: the list, one person, the form, the settings and the public card. */
export const personnelPages = {
  /** /projects/:projectId/personnel */
  list: () => import('./pages/PersonnelPage'),
  /** /projects/:projectId/personnel/:personId */
  detail: () => import('./pages/PersonDetailPage'),
  /** /projects/:projectId/personnel/new and …/personnel/:personId/edit */
  form: () => import('./pages/PersonFormPage'),
  /** /projects/:projectId/personnel/settings (units, crafts, rules, violation types, day-offs; admins) */
  settings: () => import('./pages/PersonnelSettingsPage'),
  /** /share/personnel/:token — the staff QR code's public card, no login. */
  share: () => import('./pages/SharedPersonPage'),
} satisfies Record<string, PageLoader>;
