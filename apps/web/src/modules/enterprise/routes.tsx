import type { PageLoader } from '../../app/routeTypes';

export const enterprisePages = {
  area: () => import('./pages/EnterpriseAreaPage'),
  memberInvite: () => import('./pages/MemberInvitePage'),
} satisfies Record<string, PageLoader>;
