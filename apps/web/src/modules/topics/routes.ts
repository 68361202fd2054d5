import type { PageLoader } from '../../app/routeTypes';

/** The problem topics of a project's workbench: the list, one topic, the form and the settings. */
export const topicsPages = {
  /** /projects/:projectId/topics */
  list: () => import('./pages/TopicsPage'),
  /** /projects/:projectId/topics/:topicId */
  detail: () => import('./pages/TopicDetailPage'),
  /** /projects/:projectId/topics/new and …/topics/:topicId/edit */
  form: () => import('./pages/TopicFormPage'),
  /** /projects/:projectId/topics/settings (species and subcontracts; project admins) */
  settings: () => import('./pages/TopicSettingsPage'),
} satisfies Record<string, PageLoader>;
