import type { PageLoader } from '../../app/routeTypes';

/** Workflow templates (issue 18): the list is a project settings section; the designer is a page of its own. */
export const workflowPages = {
  /** /projects/:projectId/settings/workflows/:templateId */
  designer: () => import('./pages/WorkflowDesignerPage'),
} satisfies Record<string, PageLoader>;
