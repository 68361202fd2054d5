import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content Security Policy of the SPA we serve: everything from our own origin (no CDN), inline styles
 * for antd's CSS-in-JS, blob: workers and WebAssembly for the BIM viewer (web-ifc, the fragments worker).
 */
export function appCspDirectives(https: boolean): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    // Upgrading would break the usual on-premise deployment over plain http on a LAN address.
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** Swagger UI (/api/docs) loads only its own files from the package; it needs inline styles and data: images. */
export const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
  "frame-ancestors 'self'";

/**
 * Helmet's headers depend only on its options, never on the request, so they are computed once at start
 * (by running helmet's middleware against a recording response) instead of on every request: building the
 * CSP string per request cost about 4% of a small API call.
 */
export function staticSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * What an API answer (JSON, a stored file) needs: nothing in it may load or run anything, and nobody may
 * frame it. The SPA's long policy is meaningless there and cost about a kilobyte on every answer.
 */
export function apiSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}` } : {}),
  };
}

const HSTS_MAX_AGE_SECONDS = 180 * 24 * 3600;

/** API answers, except the browsable reference, which is a page of its own (its CSP is set by swagger-ui). */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

export const securityHeadersPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    const pageHeaders = staticSecurityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(https) },
      // HSTS over plain http is ignored by browsers and would only mislead; send it when we are https.
      strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
      crossOriginEmbedderPolicy: false,
    });
    const apiHeaders = apiSecurityHeaders(https);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
      done();
    });
    await app.register(compress, { global: true, threshold: 1024 });
  },
  { name: 'lintel-security-headers' },
);
