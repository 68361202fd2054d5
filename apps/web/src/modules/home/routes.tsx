import type { PageLoader } from '../../app/routeTypes';

export const homePages = {
  home: () => import('./pages/HomePage'),
} satisfies Record<string, PageLoader>;
