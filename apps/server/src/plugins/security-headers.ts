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

export const securityHeadersPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    const headers = staticSecurityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(https) },
      // HSTS over plain http is ignored by browsers and would only mislead; send it when we are https.
      strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
    await app.register(compress, { global: true, threshold: 1024 });
  },
  { name: 'lintel-security-headers' },
);
