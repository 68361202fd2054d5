import { matchPath } from 'react-router';
import { type FlowState, flowSatisfied, getFlowState } from '../modules/account/flowState';
import { CHANGE_PASSWORD_PATH, HOME_PATH, LOGIN_PATH, ROUTES } from './routeTable';
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
 * Whether `pathname` is a path this build has no page for (not `/`, which means /home). Spec 000 §2 sends it
 * to /home (or /login); issue 17: not silently — the shell says which address did not exist.
 */
export function isUnknownPath(pathname: string, routes: readonly AppRoute[] = ROUTES): boolean {
  return pathname !== '' && pathname !== '/' && !findMountedRoute(pathname, routes);
}

/**
 * Where the router must send someone instead of rendering `pathname`, or null to render it
 * (spec 000 §2 "Routing rules"):
 * - `/` → /home;
 * - an unknown path → /home when signed in, /login for a visitor;
 * - a page that needs login, opened by a visitor → /login;
 * - a registration or reset screen whose flow prerequisite is missing → /login, signed in or not (the
 *   route's `flow` replaces its login rule, see routeTypes.ts);
 * - /login opened by a signed-in user → where a sign-in leads (afterLoginPath: the `next` page or /home, or
 *   /bindTel without a phone). The same target as the sign-in's own navigation on purpose: the session arrives as an urgent
 *   update while that navigation is still a pending transition, so the shell re-renders /login signed in
 *   first, and both must agree on where to go.
 *
 * `session` is the signed-in user (or just `true`, counted as one with a phone), or null / false; `search`
 * the query string of the location (it may carry /login's `next`).
 */
export function resolveRedirect(
  pathname: string,
  session: boolean | { phoneNumber?: string | null; mustChangePassword?: boolean } | null,
  routes: readonly AppRoute[] = ROUTES,
  flow: FlowState = getFlowState(),
  search = '',
): string | null {
  const signedIn = Boolean(session);
  // A generated password (issue 17): the server answers nothing else until it is changed, so neither do we.
  const mustChange = typeof session === 'object' && session?.mustChangePassword === true;
  const onChangePage = findMountedRoute(pathname, routes)?.path === CHANGE_PASSWORD_PATH;
  if (mustChange) return onChangePage ? null : CHANGE_PASSWORD_PATH;
  if (onChangePage && signedIn) return HOME_PATH;
  if (pathname === '' || pathname === '/') return HOME_PATH;
  const route = findMountedRoute(pathname, routes);
  if (!route) return signedIn ? HOME_PATH : LOGIN_PATH;
  if (route.flow) {
    if (route.flow !== 'open' && !flowSatisfied(route.flow, flow)) return LOGIN_PATH;
    return null;
  }
  if (route.needsLogin && !signedIn) return LOGIN_PATH;
  if (route.path === LOGIN_PATH && session) {
    return session === true ? (returnPathFrom(search) ?? HOME_PATH) : afterLoginPath(session, search);
  }
  return null;
}

/** The query parameter of /login naming the page to return to after signing in. */
export const NEXT_PARAM = 'next';

/** `/login?next=…` for the page the visitor is on (an invitation link they must sign in to accept). */
export function loginPathReturningTo(path: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ [NEXT_PARAM]: path })}`;
}

/**
 * The page to return to after signing in, from /login's query: only a path of this site (one leading
 * slash: `//host` or `/\host` would leave it), and never /login itself.
 */
export function returnPathFrom(search: string): string | null {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.split(/[?#]/)[0] === LOGIN_PATH) return null;
  return next;
}

/**
 * Where to go right after a successful sign-in (spec 000 §4): /bindTel without a phone number; else the page
 * the visitor was sent from (`next`), or /home.
 */
export function afterLoginPath(
  user: { phoneNumber?: string | null; mustChangePassword?: boolean },
  search = '',
): string {
  if (user.mustChangePassword) return CHANGE_PASSWORD_PATH;
  if (!user.phoneNumber) return '/bindTel';
  return returnPathFrom(search) ?? HOME_PATH;
}
