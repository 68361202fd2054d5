import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

/**
 * Some OEM clients send PUT, PATCH and DELETE as a POST with `X-HTTP-Method-Override` (spec 000 §7). The
 * method is swapped on the raw request before routing (Fastify's `rewriteUrl` runs there), so routing,
 * authorization and the Origin check all see the effective method. Only a POST may be overridden; the
 * header on any other method and a `_method` field are ignored.
 */
export const METHOD_OVERRIDE_HEADER = 'x-http-method-override';
const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);
const rejected = new WeakSet<IncomingMessage>();
const overridden = new WeakSet<IncomingMessage>();

/** For Fastify's `rewriteUrl` option: applies the override and keeps the URL. */
export function rewriteUrlWithMethodOverride(raw: IncomingMessage): string {
  if (raw.method === 'POST') {
    const header = raw.headers[METHOD_OVERRIDE_HEADER];
    if (header !== undefined) {
      const method = (Array.isArray(header) ? header.join(',') : header).trim().toUpperCase();
      if (OVERRIDABLE.has(method)) {
        raw.method = method;
        overridden.add(raw);
      } else {
        // Routing goes on as a POST; the onRequest hook below answers 400 before anything runs.
        rejected.add(raw);
      }
    }
  }
  return raw.url ?? '/';
}

export function wasMethodOverridden(raw: IncomingMessage): boolean {
  return overridden.has(raw);
}

export const methodOverridePlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      done(rejected.has(request.raw) ? new AppError(400, 'common.badMethodOverride') : undefined);
    });
  },
  { name: 'lintel-method-override' },
);
