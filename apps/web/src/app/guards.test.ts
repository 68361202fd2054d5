import { createRoutesFromElements } from 'react-router';
import { describe, expect, it } from 'vitest';
import { afterLoginPath, findMountedRoute, findRoute, resolveRedirect } from './guards';
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
      '/perfectinformation': true,
      '/perfectinformationnext': true,
      '/findPassword': true,
      '/resetPassword': true,
      '/finishPassword': true,
      '/home': false,
      '/e': false,
      '/e/member-invite': false,
      '/system': false,
      '/download': false,
      '/account': false,
      '/qweb': false,
      '/bind/account': false,
      '/oauth': false,
    });
  });

  it('mounts exactly the pages that exist: /login, /home and /download', () => {
    expect(ROUTES.filter((route) => route.page).map((route) => route.path)).toEqual([
      '/login',
      '/home',
      '/download',
    ]);
    const [root, ...others] = createRoutesFromElements(buildRouteElements());
    expect(others).toEqual([]);
    const paths = (root!.children ?? []).map((child) => (child.index ? '(index)' : child.path));
    expect(paths).toEqual(['(index)', '/login', '/home', '/download', '*']);
  });

  it('finds declared routes whether mounted or not, with react-router matching', () => {
    expect(findRoute('/bindTel')?.path).toBe('/bindTel');
    expect(findMountedRoute('/bindTel')).toBeUndefined();
    expect(findMountedRoute('/login/')?.path).toBe('/login');
    expect(findMountedRoute('/LOGIN')?.path).toBe('/login');
    expect(findRoute('/e/member-invite')?.path).toBe('/e/member-invite');
    expect(findRoute('/e/other')).toBeUndefined();
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
    // /bindTel needs login, /register does not: until their pages exist both behave as unknown.
    expect(resolveRedirect('/bindTel', false)).toBe(LOGIN_PATH);
    expect(resolveRedirect('/bindTel', true)).toBe(HOME_PATH);
    expect(resolveRedirect('/register', false)).toBe(LOGIN_PATH);
    expect(resolveRedirect('/register', true)).toBe(HOME_PATH);
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

  it('sends a signed-in user who opens /login to /home', () => {
    expect(resolveRedirect('/login', true)).toBe(HOME_PATH);
    expect(resolveRedirect('/home', true)).toBeNull();
    expect(resolveRedirect('/download', true)).toBeNull();
  });
});

describe('afterLoginPath (spec 000 §4)', () => {
  it('goes to /home with a phone number, else to /bindTel', () => {
    expect(afterLoginPath({ phoneNumber: '13800138000' })).toBe('/home');
    expect(afterLoginPath({ phoneNumber: '' })).toBe('/bindTel');
    expect(afterLoginPath({})).toBe('/bindTel');
  });
});
