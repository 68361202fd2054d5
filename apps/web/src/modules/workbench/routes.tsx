import type { PageLoader } from '../../app/routeTypes';

export const workbenchPages = {
  overview: () => import('./pages/ProjectOverviewPage'),
} satisfies Record<string, PageLoader>;
