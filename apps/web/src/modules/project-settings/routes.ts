import type { PageLoader } from '../../app/routeTypes';

/** The project settings: one chunk for the frame; each section is its own chunk inside it. */
export const projectSettingsPages = {
  /** /projects/:projectId/settings and /projects/:projectId/settings/:section. */
  settings: () => import('./pages/ProjectSettingsPage'),
} satisfies Record<string, PageLoader>;
