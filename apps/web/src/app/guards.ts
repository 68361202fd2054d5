import { matchPath } from 'react-router';
import { type FlowState, flowSatisfied, getFlowState } from '../modules/account/flowState';
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
 * - a registration or reset screen whose flow prerequisite is missing → /login, signed in or not (the
 *   route's `flow` replaces its login rule, see routeTypes.ts);
 * - /login opened by a signed-in user → where a sign-in leads (afterLoginPath: /home, or /bindTel without a
 *   phone). The same target as the sign-in's own navigation on purpose: the session arrives as an urgent
 *   update while that navigation is still a pending transition, so the shell re-renders /login signed in
 *   first, and both must agree on where to go.
 *
 * `session` is the signed-in user (or just `true`, counted as one with a phone), or null / false.
 */
export function resolveRedirect(
  pathname: string,
  session: boolean | { phoneNumber?: string | null } | null,
  routes: readonly AppRoute[] = ROUTES,
  flow: FlowState = getFlowState(),
): string | null {
  const signedIn = Boolean(session);
  if (pathname === '' || pathname === '/') return HOME_PATH;
  const route = findMountedRoute(pathname, routes);
  if (!route) return signedIn ? HOME_PATH : LOGIN_PATH;
  if (route.flow) {
    if (route.flow !== 'open' && !flowSatisfied(route.flow, flow)) return LOGIN_PATH;
    return null;
  }
  if (route.needsLogin && !signedIn) return LOGIN_PATH;
  if (route.path === LOGIN_PATH && session) return session === true ? HOME_PATH : afterLoginPath(session);
  return null;
}

/** Where to go right after a successful sign-in (spec 000 §4): /home with a phone number, else /bindTel. */
export function afterLoginPath(user: { phoneNumber?: string | null }): string {
  return user.phoneNumber ? HOME_PATH : '/bindTel';
}
