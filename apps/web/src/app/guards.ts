import { matchPath } from 'react-router';
import { HOME_PATH, LOGIN_PATH, ROUTES } from './routeTable';
import type { AppRoute } from './routeTypes';

/** The route a path belongs to, mounted or not (react-router's matching: case-insensitive, trailing slash). */
export function findRoute(pathname: string, routes: readonly AppRoute[] = ROUTES): AppRoute | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

/** A path is known when its route exists and its page is mounted; declared-only routes count as unknown. */
export function findMountedRoute(
  pathname: string,
  routes: readonly AppRoute[] = ROUTES,
): AppRoute | undefined {
  const route = findRoute(pathname, routes);
  return route?.page ? route : undefined;
}

/**
 * Where the router must send someone instead of rendering `pathname`, or null to render it
 * (spec 000 §2 "Routing rules"):
 * - `/` → /home;
 * - an unknown path → /home when signed in, /login for a visitor;
 * - a page that needs login, opened by a visitor → /login;
 * - /login opened by a signed-in user → /home.
 */
export function resolveRedirect(
  pathname: string,
  signedIn: boolean,
  routes: readonly AppRoute[] = ROUTES,
): string | null {
  if (pathname === '' || pathname === '/') return HOME_PATH;
  const route = findMountedRoute(pathname, routes);
  if (!route) return signedIn ? HOME_PATH : LOGIN_PATH;
  if (route.needsLogin && !signedIn) return LOGIN_PATH;
  if (route.path === LOGIN_PATH && signedIn) return HOME_PATH;
  return null;
}

/** Where to go right after a successful sign-in (spec 000 §4): /home with a phone number, else /bindTel. */
export function afterLoginPath(user: { phoneNumber?: string | null }): string {
  return user.phoneNumber ? HOME_PATH : '/bindTel';
}
