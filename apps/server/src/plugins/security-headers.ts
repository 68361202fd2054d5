import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

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

export const securityHeadersPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(https) },
      // HSTS over plain http is ignored by browsers and would only mislead; send it when we are https.
      strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
      crossOriginEmbedderPolicy: false,
    });
    await app.register(compress, { global: true, threshold: 1024 });
  },
  { name: 'lintel-security-headers' },
);
