import type { PageLoader } from '../../app/routeTypes';

/** Form templates (issue 18): the designer of one template's fields (the template list is not built yet). */
export const formsPages = {
  /** /projects/:projectId/settings/form-templates/:templateId */
  designer: () => import('./pages/FormTemplateDesignerPage'),
} satisfies Record<string, PageLoader>;
