import type { PageLoader } from '../../app/routeTypes';

/** Pages of the account module, each its own chunk. */
export const accountPages = {
  login: () => import('./pages/LoginPage'),
} satisfies Record<string, PageLoader>;
