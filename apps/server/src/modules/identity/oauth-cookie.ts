import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, serializeCookie } from '../../plugins/cookies';

export const OAUTH_COOKIE = 'lintel_oauth';
/** Over https: pinned to our host and path / like the session cookie. */
export const SECURE_OAUTH_COOKIE = '__Host-lintel_oauth';
/** As long as a state or a pending identity lives. */
export const OAUTH_COOKIE_MAX_AGE_SECONDS = 10 * 60;

/**
 * A random value in an HttpOnly cookie that ties a passport sign-in to the browser that started it: the
 * state and the pending identity keep its hash, so a state or ticket copied elsewhere is useless.
 * SameSite=Lax: the provider's redirect back is a top-level GET, which carries it.
 */
export interface OauthCookies {
  read(request: FastifyRequest): string | null;
  set(request: FastifyRequest, reply: FastifyReply, value: string): void;
  clear(request: FastifyRequest, reply: FastifyReply): void;
}

export function createOauthCookies(publicUrl: string | null): OauthCookies {
  const secure = (request: FastifyRequest) =>
    publicUrl?.startsWith('https:') === true || request.protocol === 'https';
  const nameFor = (request: FastifyRequest) => (secure(request) ? SECURE_OAUTH_COOKIE : OAUTH_COOKIE);
  const write = (request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number) => {
    reply.header(
      'set-cookie',
      serializeCookie(nameFor(request), value, {
        httpOnly: true,
        secure: secure(request),
        sameSite: 'Lax',
        path: '/',
        maxAge,
      }),
    );
  };
  return {
    read: (request) => readCookie(request.headers.cookie, nameFor(request)),
    set: (request, reply, value) => write(request, reply, value, OAUTH_COOKIE_MAX_AGE_SECONDS),
    clear: (request, reply) => write(request, reply, '', 0),
  };
}
