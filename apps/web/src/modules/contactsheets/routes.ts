import type { PageLoader } from '../../app/routeTypes';

/** The contact sheets of a project's workbench: the list, one sheet, and the form (new and edit). */
export const contactSheetsPages = {
  /** /projects/:projectId/contactsheets (box, kind, unread and keyword in the query). */
  list: () => import('./pages/ContactSheetsPage'),
  /** /projects/:projectId/contactsheets/:sheetId */
  detail: () => import('./pages/ContactSheetDetailPage'),
  /** /projects/:projectId/contactsheets/new and …/:sheetId/edit */
  form: () => import('./pages/ContactSheetFormPage'),
} satisfies Record<string, PageLoader>;
