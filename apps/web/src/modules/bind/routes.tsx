import type { PageLoader } from '../../app/routeTypes';

/** Pages of the bind module (third-party and OA account binding), each its own chunk. */
export const bindPages = {
  /** /bind/account: bind a passport identity to a product account. */
  thirdParty: () => import('./pages/BindAccountPage'),
  /** /qweb: the web view OA systems open to bind an OA account to a BIM account. */
  oa: () => import('./pages/OaBindPage'),
} satisfies Record<string, PageLoader>;
