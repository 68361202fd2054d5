import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

/** The API routes the guard checks (docs and static files are not ours to describe). */
export const API_ROUTE_PREFIX = '/api/v1/';

/** For routes without query parameters: still strict, so an unknown field is a 400. */
export const noQuerySchema = z.strictObject({});
/** For state-changing routes without a body: Fastify hands a missing body over as null, `{}` is allowed. */
export const emptyBodySchema = z.strictObject({}).nullish();

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function methods(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((m) => String(m).toUpperCase());
}

/**
 * DESIGN.md §2: every route declares body/query/params/response schemas. Checked when a route is added,
 * so a route without them fails the start (and every test) instead of slipping into production.
 */
export function missingSchemas(route: RouteOptions): string[] {
  const schema = route.schema ?? {};
  const missing: string[] = [];
  if (!schema.querystring) missing.push('querystring');
  if (!schema.response) missing.push('response');
  if (route.url.includes(':') && !schema.params) missing.push('params');
  if (methods(route).some((m) => BODY_METHODS.has(m)) && !schema.body) missing.push('body');
  return missing;
}

export const routeSchemasPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_ROUTE_PREFIX)) return;
      const missing = missingSchemas(route);
      if (missing.length > 0) {
        throw new Error(
          `route ${methods(route).join(',')} ${route.url} must declare schema.${missing.join(', schema.')}`,
        );
      }
    });
  },
  { name: 'lintel-route-schemas' },
);
