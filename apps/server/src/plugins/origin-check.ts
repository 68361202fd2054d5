import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** This server's own origins: the one the request was addressed to and, when set, PUBLIC_URL. */
export function ownOrigins(request: FastifyRequest, publicUrl: string | null): string[] {
  const origins = publicUrl ? [publicUrl] : [];
  const fromHost = originOf(`${request.protocol}://${request.host}`);
  if (fromHost) origins.push(fromHost);
  return origins;
}

/**
 * CSRF defence on top of SameSite=Lax cookies: a state-changing request (by its effective method, after
 * method override) whose Origin header names another site is refused before anything runs. Requests
 * without Origin (curl, server-to-server) pass; browsers always send it on such requests.
 */
export const originCheckPlugin = fp<{ publicUrl: string | null }>(
  async (app, { publicUrl }) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const origin = request.headers.origin;
      if (!STATE_CHANGING.has(request.method) || origin === undefined) return done();
      const claimed = originOf(origin);
      const foreign = claimed === null || !ownOrigins(request, publicUrl).includes(claimed);
      done(foreign ? new AppError(403, 'common.foreignOrigin') : undefined);
    });
  },
  { name: 'lintel-origin-check' },
);
