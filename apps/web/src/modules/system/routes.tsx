import type { PageLoader } from '../../app/routeTypes';

export const systemPages = {
  system: () => import('./pages/SystemPage'),
} satisfies Record<string, PageLoader>;
