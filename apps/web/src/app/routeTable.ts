import { previewPages } from '../components/file-preview/routes';
import { accountPages } from '../modules/account/routes';
import { bindPages } from '../modules/bind/routes';
import { downloadPages } from '../modules/download/routes';
import { enterprisePages } from '../modules/enterprise/routes';
import { homePages } from '../modules/home/routes';
import { notificationsPages } from '../modules/notifications/routes';
import { profilePages } from '../modules/profile/routes';
import { systemPages } from '../modules/system/routes';
import type { ProjectPages } from './projectPages';
import type { AppRoute, PageLoader } from './routeTypes';

export const HOME_PATH = '/home';

/**
 * A project module's page, loaded through projectPages.ts: the project modules' many loaders stay out of
 * this table's chunk, which every first screen (and /login's size budget) pays for.
 */
function projectPage<M extends keyof ProjectPages>(module: M, page: keyof ProjectPages[M]): PageLoader {
  const key = `${module}.${String(page)}`;
  let loader = projectLoaders.get(key);
  if (!loader) {
    loader = () =>
      import('./projectPages').then((loaded) => (loaded.PROJECT_PAGES[module][page] as PageLoader)());
    // One loader per page, however many paths show it: the router keeps one lazy component per loader.
    projectLoaders.set(key, loader);
  }
  return loader;
}
const projectLoaders = new Map<string, PageLoader>();
export const LOGIN_PATH = '/login';
/** Where an account with a generated password must choose its own before anything else (issue 17). */
export const CHANGE_PASSWORD_PATH = '/changePassword';

/**
 * The full route table of spec 000 §2, as data. Only routes with a `page` are mounted; a route with
 * `page: null` is declared here (so its login rule is fixed now) and behaves as an unknown path until the
 * issue named beside it adds the page. `/` goes to /home.
 */
export const ROUTES: readonly AppRoute[] = [
  // The sign-in screen: inputs and buttons only, so antd's full locale stays off the first screen.
  { path: LOGIN_PATH, needsLogin: false, page: accountPages.login, antdTexts: 'core' },
  // Phone registration: phone + SMS code (spec 000 §2 "Registration").
  { path: '/register', needsLogin: false, page: accountPages.register },
  // Bind a phone after login when the account has none.
  { path: '/bindTel', needsLogin: true, page: accountPages.bindTel },
  // Issue 17: the first sign-in with a generated password; every other page waits until it is changed.
  { path: CHANGE_PASSWORD_PATH, needsLogin: true, page: accountPages.changePassword },
  // Registration step 1, after the phone code is verified. `flow`: see the DECISION in routeTypes.ts.
  {
    path: '/perfectinformation',
    needsLogin: true,
    flow: 'registerVerified',
    page: accountPages.perfectInformation,
  },
  // Registration step 2, profile completion: the user signed in by step 1.
  { path: '/perfectinformationnext', needsLogin: true, page: profilePages.completeProfile },
  // Forgot password, step 1 (phone + SMS code): open to visitors (the DECISION in routeTypes.ts).
  { path: '/findPassword', needsLogin: true, flow: 'open', page: accountPages.findPassword },
  // Choose a new password: needs the phone verified by /findPassword.
  { path: '/resetPassword', needsLogin: true, flow: 'resetVerified', page: accountPages.resetPassword },
  // Reset done: needs a finished reset.
  { path: '/finishPassword', needsLogin: true, flow: 'resetFinished', page: accountPages.finishPassword },
  { path: HOME_PATH, needsLogin: false, page: homePages.home },
  // Organisation issue: a project's workbench; its index is the project overview.
  { path: '/projects/:projectId', needsLogin: true, page: projectPage('workbench', 'overview') },
  // Organisation issue: the project settings of project administrators (the first section by default).
  {
    path: '/projects/:projectId/settings',
    needsLogin: true,
    page: projectPage('projectSettings', 'settings'),
  },
  {
    path: '/projects/:projectId/settings/:section',
    needsLogin: true,
    page: projectPage('projectSettings', 'settings'),
  },
  // Issue 18: the designer of one workflow template (the list is the settings section `workflows`).
  {
    path: '/projects/:projectId/settings/workflows/:templateId',
    needsLogin: true,
    page: projectPage('workflow', 'designer'),
  },
  // Issue 18: the designer of one form template's fields (no list or menu entry yet: reached by its URL).
  {
    path: '/projects/:projectId/settings/form-templates/:templateId',
    needsLogin: true,
    page: projectPage('forms', 'designer'),
  },
  // Announcements issue: a project's announcements, received (the index) and sent, the form and one of them.
  {
    path: '/projects/:projectId/announcements',
    needsLogin: true,
    page: projectPage('announcements', 'list'),
  },
  {
    path: '/projects/:projectId/announcements/sent',
    needsLogin: true,
    page: projectPage('announcements', 'list'),
  },
  {
    path: '/projects/:projectId/announcements/new',
    needsLogin: true,
    page: projectPage('announcements', 'create'),
  },
  {
    path: '/projects/:projectId/announcements/:announcementId',
    needsLogin: true,
    page: projectPage('announcements', 'detail'),
  },
  // Contact sheets issue: a project's contact sheets (box and filters in the query), the form, one sheet.
  {
    path: '/projects/:projectId/contactsheets',
    needsLogin: true,
    page: projectPage('contactSheets', 'list'),
  },
  {
    path: '/projects/:projectId/contactsheets/new',
    needsLogin: true,
    page: projectPage('contactSheets', 'form'),
  },
  {
    path: '/projects/:projectId/contactsheets/:sheetId',
    needsLogin: true,
    page: projectPage('contactSheets', 'detail'),
  },
  {
    path: '/projects/:projectId/contactsheets/:sheetId/edit',
    needsLogin: true,
    page: projectPage('contactSheets', 'form'),
  },
  // Problem topics issue: a project's problems, the form (new and edit), its settings and one problem.
  { path: '/projects/:projectId/topics', needsLogin: true, page: projectPage('topics', 'list') },
  { path: '/projects/:projectId/topics/new', needsLogin: true, page: projectPage('topics', 'form') },
  { path: '/projects/:projectId/topics/settings', needsLogin: true, page: projectPage('topics', 'settings') },
  { path: '/projects/:projectId/topics/:topicId', needsLogin: true, page: projectPage('topics', 'detail') },
  {
    path: '/projects/:projectId/topics/:topicId/edit',
    needsLogin: true,
    page: projectPage('topics', 'form'),
  },
  // Personnel issue: attendance (the daily board, statistics, gate devices) and violation records.
  { path: '/projects/:projectId/attendance', needsLogin: true, page: projectPage('attendance', 'board') },
  {
    path: '/projects/:projectId/attendance/statistics',
    needsLogin: true,
    page: projectPage('attendance', 'statistics'),
  },
  {
    path: '/projects/:projectId/attendance/devices',
    needsLogin: true,
    page: projectPage('attendance', 'devices'),
  },
  {
    path: '/projects/:projectId/violations',
    needsLogin: true,
    page: projectPage('attendance', 'violations'),
  },
  // Personnel issue: a project's workforce, the form (new and edit), its settings and one person.
  { path: '/projects/:projectId/personnel', needsLogin: true, page: projectPage('personnel', 'list') },
  { path: '/projects/:projectId/personnel/new', needsLogin: true, page: projectPage('personnel', 'form') },
  {
    path: '/projects/:projectId/personnel/settings',
    needsLogin: true,
    page: projectPage('personnel', 'settings'),
  },
  {
    path: '/projects/:projectId/personnel/:personId',
    needsLogin: true,
    page: projectPage('personnel', 'detail'),
  },
  {
    path: '/projects/:projectId/personnel/:personId/edit',
    needsLogin: true,
    page: projectPage('personnel', 'form'),
  },
  // Personnel issue: the staff QR code's public card (spec 001 §2 "Share pages"); anyone, no login.
  { path: '/share/personnel/:token', needsLogin: false, page: projectPage('personnel', 'share') },
  // BIM models issue: the model list, its settings, the selection sets and the elements' QR codes.
  { path: '/projects/:projectId/models', needsLogin: true, page: projectPage('models', 'list') },
  { path: '/projects/:projectId/models/settings', needsLogin: true, page: projectPage('models', 'settings') },
  {
    path: '/projects/:projectId/models/selection-sets',
    needsLogin: true,
    page: projectPage('models', 'selectionSets'),
  },
  { path: '/projects/:projectId/models/qrcodes', needsLogin: true, page: projectPage('models', 'qrCodes') },
  // BIM models issue: the model viewer (federation, element selection, tools); its own chunk.
  { path: '/projects/:projectId/models/viewer', needsLogin: true, page: projectPage('models', 'viewer') },
  // BIM models issue: an element's QR code opens its public page (spec 001 §2 "Share pages"); no login.
  { path: '/share/element/:token', needsLogin: false, page: projectPage('models', 'share') },
  // Organisation issue: enterprise area.
  { path: '/e', needsLogin: false, page: enterprisePages.area },
  // Organisation issue: invitation to join an organisation.
  { path: '/e/member-invite', needsLogin: false, page: enterprisePages.memberInvite },
  // System area: user search and non-trial enterprises (system administrators).
  { path: '/system', needsLogin: false, page: systemPages.system },
  { path: '/download', needsLogin: false, page: downloadPages.download },
  // The user's account page; no login needed (spec 000 §2): a visitor sees a sign-in prompt.
  { path: '/account', needsLogin: false, page: profilePages.account },
  // DECISION: the web view OA systems open is the OA binding screen (spec 000 §2 "Office-automation binding").
  { path: '/qweb', needsLogin: false, page: bindPages.oa },
  // Binding a passport identity to a product account (the passport callback's redirect for a new identity).
  { path: '/bind/account', needsLogin: false, page: bindPages.thirdParty },
  // Files issue: the preview of a stored file (spec 001 §2 "File preview"); the file's rights apply.
  { path: '/preview/:fileId', needsLogin: true, page: previewPages.preview },
  // Files and notifications issue: the notification centre (spec 001 §2), to-dos and messages.
  { path: '/notifications', needsLogin: true, page: notificationsPages.centre },
  // Third-party sign-in issue: oauth callback. The spec does not say whether it needs login: treated as no.
  { path: '/oauth', needsLogin: false, page: null },
];
