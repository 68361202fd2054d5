import type { PageLoader } from '../../app/routeTypes';

/** Pages of the account module, each its own chunk. */
export const accountPages = {
  login: () => import('./pages/LoginPage'),
  register: () => import('./pages/RegisterPage'),
  perfectInformation: () => import('./pages/PerfectInformationPage'),
  bindTel: () => import('./pages/BindTelPage'),
  changePassword: () => import('./pages/ChangePasswordPage'),
  findPassword: () => import('./pages/FindPasswordPage'),
  resetPassword: () => import('./pages/ResetPasswordPage'),
  finishPassword: () => import('./pages/FinishPasswordPage'),
} satisfies Record<string, PageLoader>;
