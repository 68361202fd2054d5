import { createRoutesFromElements } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FlowState } from '../modules/account/flowState';
import {
  afterLoginPath,
  findMountedRoute,
  findRoute,
  isUnknownPath,
  loginPathReturningTo,
  resolveRedirect,
  returnPathFrom,
} from './guards';
import { buildRouteElements } from './router';
import { HOME_PATH, LOGIN_PATH, ROUTES } from './routeTable';
import type { AppRoute } from './routeTypes';

const page = async () => ({ default: () => null });

describe('route table (spec 000 §2)', () => {
  it('declares every route of the specification with its login rule', () => {
    const table = Object.fromEntries(ROUTES.map((route) => [route.path, route.needsLogin]));
    expect(table).toEqual({
      '/login': false,
      '/register': false,
      '/bindTel': true,
      '/changePassword': true,
      '/perfectinformation': true,
      '/perfectinformationnext': true,
      '/findPassword': true,
      '/resetPassword': true,
      '/finishPassword': true,
      '/home': false,
      '/projects/:projectId': true,
      '/projects/:projectId/settings': true,
      '/projects/:projectId/settings/:section': true,
      '/projects/:projectId/settings/workflows/:templateId': true,
      '/projects/:projectId/settings/form-templates/:templateId': true,
      '/projects/:projectId/announcements': true,
      '/projects/:projectId/announcements/sent': true,
      '/projects/:projectId/announcements/new': true,
      '/projects/:projectId/announcements/:announcementId': true,
      '/projects/:projectId/contactsheets': true,
      '/projects/:projectId/contactsheets/new': true,
      '/projects/:projectId/contactsheets/:sheetId': true,
      '/projects/:projectId/contactsheets/:sheetId/edit': true,
      '/projects/:projectId/topics': true,
      '/projects/:projectId/topics/new': true,
      '/projects/:projectId/topics/settings': true,
      '/projects/:projectId/topics/:topicId': true,
      '/projects/:projectId/topics/:topicId/edit': true,
      '/projects/:projectId/attendance': true,
      '/projects/:projectId/attendance/statistics': true,
      '/projects/:projectId/attendance/devices': true,
      '/projects/:projectId/violations': true,
      '/projects/:projectId/personnel': true,
      '/projects/:projectId/personnel/new': true,
      '/projects/:projectId/personnel/settings': true,
      '/projects/:projectId/personnel/:personId': true,
      '/projects/:projectId/personnel/:personId/edit': true,
      '/share/personnel/:token': false,
      '/projects/:projectId/models': true,
      '/projects/:projectId/models/settings': true,
      '/projects/:projectId/models/selection-sets': true,
      '/projects/:projectId/models/qrcodes': true,
      '/projects/:projectId/models/viewer': true,
      '/share/element/:token': false,
      '/e': false,
      '/e/member-invite': false,
      '/system': false,
      '/download': false,
      '/account': false,
      '/qweb': false,
      '/bind/account': false,
      '/preview/:fileId': true,
      '/notifications': true,
      '/oauth': false,
    });
  });

  it('mounts exactly the pages that exist', () => {
    const mounted = ROUTES.filter((route) => route.page).map((route) => route.path);
    expect(mounted).toEqual(
      expect.arrayContaining(['/login', '/register', '/bindTel', '/perfectinformation']),
    );
    expect(mounted).toEqual(expect.arrayContaining(['/findPassword', '/resetPassword', '/finishPassword']));
    expect(mounted).toEqual(expect.arrayContaining(['/home', '/download']));
    expect(mounted).not.toContain('/oauth');
    const [root, ...others] = createRoutesFromElements(buildRouteElements());
    expect(others).toEqual([]);
    const paths = (root!.children ?? []).map((child) => (child.index ? '(index)' : child.path));
    expect(paths).toEqual(['(index)', ...mounted, '*']);
  });

  it('gives the registration and reset screens their flow prerequisite instead of a session', () => {
    const flows = Object.fromEntries(
      ROUTES.filter((route) => route.flow).map((route) => [route.path, route.flow]),
    );
    expect(flows).toEqual({
      '/perfectinformation': 'registerVerified',
      '/findPassword': 'open',
      '/resetPassword': 'resetVerified',
      '/finishPassword': 'resetFinished',
    });
  });

  it('finds declared routes whether mounted or not, with react-router matching', () => {
    expect(findRoute('/oauth')?.path).toBe('/oauth');
    expect(findMountedRoute('/oauth')).toBeUndefined();
    expect(findMountedRoute('/bindtel')?.path).toBe('/bindTel');
    expect(findMountedRoute('/login/')?.path).toBe('/login');
    expect(findMountedRoute('/LOGIN')?.path).toBe('/login');
    expect(findRoute('/e/member-invite')?.path).toBe('/e/member-invite');
    expect(findRoute('/e/other')).toBeUndefined();
  });
});

describe('isUnknownPath', () => {
  it('is true only for a path without a mounted page (not / nor a known page)', () => {
    expect(isUnknownPath('/no-such-page')).toBe(true);
    expect(isUnknownPath('/oauth')).toBe(true);
    expect(isUnknownPath('/')).toBe(false);
    expect(isUnknownPath('')).toBe(false);
    expect(isUnknownPath('/home')).toBe(false);
    expect(isUnknownPath(LOGIN_PATH)).toBe(false);
  });
});

describe('resolveRedirect', () => {
  it('sends / to /home, signed in or not', () => {
    expect(resolveRedirect('/', false)).toBe(HOME_PATH);
    expect(resolveRedirect('/', true)).toBe(HOME_PATH);
  });

  it('lets a visitor open the pages that need no login', () => {
    expect(resolveRedirect('/login', false)).toBeNull();
    expect(resolveRedirect('/home', false)).toBeNull();
    expect(resolveRedirect('/download', false)).toBeNull();
  });

  it('sends a visitor on an unknown path to /login', () => {
    expect(resolveRedirect('/no-such-page', false)).toBe(LOGIN_PATH);
    expect(resolveRedirect('/home/extra', false)).toBe(LOGIN_PATH);
  });

  it('sends a signed-in user on an unknown path to /home', () => {
    expect(resolveRedirect('/no-such-page', true)).toBe(HOME_PATH);
    expect(resolveRedirect('/download/x', true)).toBe(HOME_PATH);
  });

  it('treats a declared route without its page as an unknown path', () => {
    const routes: AppRoute[] = [
      { path: '/login', needsLogin: false, page },
      { path: '/bindTel', needsLogin: true, page: null },
      { path: '/register', needsLogin: false, page: null },
    ];
    // /bindTel needs login, /register does not: without their pages both behave as unknown.
    expect(resolveRedirect('/bindTel', false, routes)).toBe(LOGIN_PATH);
    expect(resolveRedirect('/bindTel', true, routes)).toBe(HOME_PATH);
    expect(resolveRedirect('/register', false, routes)).toBe(LOGIN_PATH);
    expect(resolveRedirect('/register', true, routes)).toBe(HOME_PATH);
  });

  it('lets anyone register, and sends a visitor on /bindTel to /login', () => {
    expect(resolveRedirect('/register', false)).toBeNull();
    expect(resolveRedirect('/register', true)).toBeNull();
    expect(resolveRedirect('/bindTel', false)).toBe(LOGIN_PATH);
    expect(resolveRedirect('/bindTel', true)).toBeNull();
  });

  it('sends a visitor who opens a page that needs login to /login, and lets a signed-in user in', () => {
    const routes: AppRoute[] = [
      { path: '/login', needsLogin: false, page },
      { path: '/home', needsLogin: false, page },
      { path: '/findPassword', needsLogin: true, page },
    ];
    expect(resolveRedirect('/findPassword', false, routes)).toBe(LOGIN_PATH);
    expect(resolveRedirect('/findPassword', true, routes)).toBeNull();
  });

  it('sends a signed-in user who opens /login where a sign-in leads: /home, or /bindTel without a phone', () => {
    expect(resolveRedirect('/login', { phoneNumber: '13800138000' })).toBe(HOME_PATH);
    expect(resolveRedirect('/login', { phoneNumber: '' })).toBe('/bindTel');
    expect(resolveRedirect('/login', null)).toBeNull();
  });

  it('sends a signed-in user who opens /login to /home', () => {
    expect(resolveRedirect('/login', true)).toBe(HOME_PATH);
    expect(resolveRedirect('/home', true)).toBeNull();
    expect(resolveRedirect('/download', true)).toBeNull();
  });
});

describe('flow prerequisites (the DECISION in routeTypes.ts)', () => {
  const none: FlowState = { register: null, reset: null, resetFinished: false };
  const phone = { phoneNumber: '13800138000', countryCode: '86', code: '123456' };
  const registered: FlowState = { ...none, register: phone };
  const verified: FlowState = { ...none, reset: { ...phone, userId: 'a'.repeat(24) } };
  const finished: FlowState = { ...none, resetFinished: true };

  it('opens /findPassword to visitors and to signed-in users', () => {
    expect(resolveRedirect('/findPassword', false, ROUTES, none)).toBeNull();
    expect(resolveRedirect('/findPassword', true, ROUTES, none)).toBeNull();
  });

  it('needs a verified register phone for /perfectinformation, signed in or not', () => {
    expect(resolveRedirect('/perfectinformation', false, ROUTES, none)).toBe(LOGIN_PATH);
    expect(resolveRedirect('/perfectinformation', true, ROUTES, none)).toBe(LOGIN_PATH);
    expect(resolveRedirect('/perfectinformation', false, ROUTES, registered)).toBeNull();
    expect(resolveRedirect('/perfectinformation', false, ROUTES, verified)).toBe(LOGIN_PATH);
  });

  it('needs the verified reset for /resetPassword and a finished reset for /finishPassword', () => {
    expect(resolveRedirect('/resetPassword', false, ROUTES, none)).toBe(LOGIN_PATH);
    expect(resolveRedirect('/resetPassword', false, ROUTES, registered)).toBe(LOGIN_PATH);
    expect(resolveRedirect('/resetPassword', false, ROUTES, verified)).toBeNull();
    expect(resolveRedirect('/finishPassword', true, ROUTES, verified)).toBe(LOGIN_PATH);
    expect(resolveRedirect('/finishPassword', true, ROUTES, finished)).toBeNull();
  });

  it('keeps the session rule for /perfectinformationnext and /bindTel whatever the flow holds', () => {
    const all: FlowState = { register: phone, reset: verified.reset, resetFinished: true };
    expect(resolveRedirect('/perfectinformationnext', false, ROUTES, all)).toBe(LOGIN_PATH);
    expect(resolveRedirect('/perfectinformationnext', true, ROUTES, none)).toBeNull();
    expect(resolveRedirect('/bindTel', false, ROUTES, all)).toBe(LOGIN_PATH);
  });
});

describe('afterLoginPath (spec 000 §4)', () => {
  it('goes to /home with a phone number, else to /bindTel', () => {
    expect(afterLoginPath({ phoneNumber: '13800138000' })).toBe('/home');
    expect(afterLoginPath({ phoneNumber: '' })).toBe('/bindTel');
    expect(afterLoginPath({})).toBe('/bindTel');
  });

  it('returns to the page the visitor was sent from (`next`), only with a phone number', () => {
    const invite = '/e/member-invite?token=abc';
    const search = loginPathReturningTo(invite).slice(LOGIN_PATH.length);
    expect(afterLoginPath({ phoneNumber: '13800138000' }, search)).toBe(invite);
    expect(afterLoginPath({ phoneNumber: '' }, search)).toBe('/bindTel');
    // The redirect of /login once signed in agrees with the sign-in's own navigation.
    expect(resolveRedirect('/login', { phoneNumber: '13800138000' }, ROUTES, undefined, search)).toBe(invite);
    expect(resolveRedirect('/login', true, ROUTES, undefined, search)).toBe(invite);
  });

  it('never returns to another site or to /login', () => {
    for (const next of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'home',
      '/login?view=code',
      '',
    ]) {
      expect(returnPathFrom(`?next=${encodeURIComponent(next)}`), next).toBeNull();
      expect(afterLoginPath({ phoneNumber: '13800138000' }, `?next=${encodeURIComponent(next)}`)).toBe(
        '/home',
      );
    }
    expect(returnPathFrom('?next=%2Fprojects%2F1%23top')).toBe('/projects/1#top');
  });
});
