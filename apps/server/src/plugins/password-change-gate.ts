import type { FastifyRequest } from 'fastify';

/**
 * What an account that must change its password (a generated first password, issue 17) may still call: the
 * change itself, sign-out and sign-in, who it is (its own user and `logged`), and the public profile the
 * web app reads on every page. Everything else answers 403 account.passwordChangeRequired, so a generated
 * password that leaked from a terminal's scrollback opens nothing but the change screen.
 */
const ALLOWED: ReadonlyArray<readonly [method: string, route: string, own?: 'own']> = [
  ['PUT', '/api/v1/account-service/users/:id/password', 'own'],
  ['GET', '/api/v1/account-service/users/:id', 'own'],
  ['GET', '/api/v1/account-service/logged'],
  ['POST', '/api/v1/account-service/logout'],
  ['GET', '/api/v1/account-service/logout'],
  ['POST', '/api/v1/account-service/login'],
  ['GET', '/api/v1/account-service/system/profile'],
  ['GET', '/api/v1/account-service/system/profile/countryCodes'],
  ['GET', '/api/v1/health'],
];

/** True when `request` (of the signed-in `userId`) is one of the calls above. */
export function allowedBeforePasswordChange(request: FastifyRequest, userId: string): boolean {
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return ALLOWED.some(([allowedMethod, allowedRoute, own]) => {
    if (allowedMethod !== method || allowedRoute !== route) return false;
    // Only the account's own user: a system administrator could otherwise read anyone's before changing.
    return own !== 'own' || (request.params as { id?: unknown }).id === userId;
  });
}
