import type { User } from '@lintel/contracts/account';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './api-path';
import { AppError } from './app-error';
import { readCookie, serializeCookie } from './cookies';
import { allowedBeforePasswordChange } from './password-change-gate';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Resolved once per API request from the session cookie. */
    user: User | null;
    /** The id of the session the cookie names (never the token). */
    sessionId: string | null;
  }
}

export interface ResolvedSession {
  sessionId: string;
  user: User;
}

/** What the session plugin needs from the account module. */
export interface SessionResolver {
  authenticate(token: string): Promise<ResolvedSession | null>;
}

export const SESSION_COOKIE = 'lintel_session';
/** Over https: the __Host- prefix pins the cookie to our host, path / and Secure (no subdomain can plant one). */
export const SECURE_SESSION_COOKIE = '__Host-lintel_session';

export interface SessionCookies {
  read(request: FastifyRequest): string | null;
  /** `maxAgeSeconds` undefined: a browser-session cookie. */
  set(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds?: number): void;
  clear(request: FastifyRequest, reply: FastifyReply): void;
}

export function createSessionCookies(publicUrl: string | null): SessionCookies {
  const secure = (request: FastifyRequest) =>
    publicUrl?.startsWith('https:') === true || request.protocol === 'https';
  const nameFor = (request: FastifyRequest) => (secure(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
  const write = (request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number | undefined) => {
    reply.header(
      'set-cookie',
      serializeCookie(nameFor(request), value, {
        httpOnly: true,
        secure: secure(request),
        sameSite: 'Lax',
        path: '/',
        ...(maxAge === undefined ? {} : { maxAge }),
      }),
    );
  };
  return {
    // Over https only the __Host- cookie counts: a plain one could have been planted over http.
    read: (request) => readCookie(request.headers.cookie, nameFor(request)),
    set: (request, reply, token, maxAgeSeconds) => write(request, reply, token, maxAgeSeconds),
    clear: (request, reply) => write(request, reply, '', 0),
  };
}

export const sessionPlugin = fp<{ resolver: SessionResolver; cookies: SessionCookies }>(
  async (app, { resolver, cookies }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    // Callback style: requests without a session (pages, sign-in) pass without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = isApiPath(request.url) ? cookies.read(request) : null;
      if (!token) return done();
      resolver.authenticate(token).then((session) => {
        if (session) {
          request.user = session.user;
          request.sessionId = session.sessionId;
          // A generated password opens only its own change (issue 17): refused here, before any route runs.
          if (session.user.mustChangePassword && !allowedBeforePasswordChange(request, session.user._id)) {
            return done(new AppError(403, 'account.passwordChangeRequired'));
          }
        }
        done();
      }, done);
    });
  },
  { name: 'lintel-session' },
);

/**
 * Route hooks for other modules. Use them as `onRequest` so that 401/403 come before body parsing and
 * validation; they work as `preHandler` too.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError(401, 'common.unauthenticated');
}

export async function requireSystemAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError(401, 'common.unauthenticated');
  if (!request.user.isSystemAdmin) throw new AppError(403, 'common.forbidden');
}
