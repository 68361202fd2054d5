import type { PageLoader } from '../../app/routeTypes';

/** Pages of the profile module, each its own chunk. */
export const profilePages = {
  /** /perfectinformationnext: registration step 2. */
  completeProfile: () => import('./pages/CompleteProfilePage'),
  /** /account: the signed-in user's account settings. */
  account: () => import('./pages/AccountPage'),
} satisfies Record<string, PageLoader>;
