import { accountPages } from '../modules/account/routes';
import { downloadPages } from '../modules/download/routes';
import { homePages } from '../modules/home/routes';
import type { AppRoute } from './routeTypes';

export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';

/**
 * The full route table of spec 000 §2, as data. Only routes with a `page` are mounted; a route with
 * `page: null` is declared here (so its login rule is fixed now) and behaves as an unknown path until the
 * issue named beside it adds the page. `/` goes to /home.
 */
export const ROUTES: readonly AppRoute[] = [
  // The sign-in screen: inputs and buttons only, so antd's full locale stays off the first screen.
  { path: LOGIN_PATH, needsLogin: false, page: accountPages.login, antdTexts: 'core' },
  // Registration issue: phone + SMS code (spec 000 §2 "Registration").
  { path: '/register', needsLogin: false, page: null },
  // Bind-phone issue: bind a phone after login when the account has none.
  { path: '/bindTel', needsLogin: true, page: null },
  // Registration issue: step 1, account details after the phone code is verified.
  { path: '/perfectinformation', needsLogin: true, page: null },
  // Registration issue: step 2, profile completion.
  { path: '/perfectinformationnext', needsLogin: true, page: null },
  // Password-reset issue: forgot password, step 1 (phone + SMS code).
  { path: '/findPassword', needsLogin: true, page: null },
  // Password-reset issue: choose a new password.
  { path: '/resetPassword', needsLogin: true, page: null },
  // Password-reset issue: reset done.
  { path: '/finishPassword', needsLogin: true, page: null },
  { path: HOME_PATH, needsLogin: false, page: homePages.home },
  // Organisation issue: enterprise area.
  { path: '/e', needsLogin: false, page: null },
  // Organisation issue: invitation to join an organisation.
  { path: '/e/member-invite', needsLogin: false, page: null },
  // System-settings issue: system settings.
  { path: '/system', needsLogin: false, page: null },
  { path: '/download', needsLogin: false, page: downloadPages.download },
  // Account-settings issue: the user's account page.
  { path: '/account', needsLogin: false, page: null },
  // Web-view issue: pages embedded in a web view.
  { path: '/qweb', needsLogin: false, page: null },
  // Third-party sign-in issue: binding a third-party account.
  { path: '/bind/account', needsLogin: false, page: null },
  // Third-party sign-in issue: oauth callback. The spec does not say whether it needs login: treated as no.
  { path: '/oauth', needsLogin: false, page: null },
];
