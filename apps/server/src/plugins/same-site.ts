import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { originOf, ownOrigins } from './origin-check';

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL's origin, or null (decorated by buildApp): one of our own origins. */
    publicUrl: string | null;
  }
}

/**
 * Whether a request comes from our own pages (or was typed by the person: an address bar, a bookmark). The
 * browser's `Sec-Fetch-Site` decides when it is sent: only `same-origin` and `none` pass (`same-site` is a
 * sibling host, which we do not trust with our cookies either). Without it (older browsers, tools), the
 * `Origin` or else the `Referer` must name one of our origins; a request with neither passes, as curl and old
 * clients send.
 */
export function isSameSiteRequest(request: FastifyRequest, publicUrl: string | null): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const claimed =
    typeof origin === 'string' && origin !== '' ? origin : typeof referer === 'string' ? referer : '';
  if (claimed === '') return true;
  const from = originOf(claimed);
  return from !== null && ownOrigins(request, publicUrl).includes(from);
}

/**
 * For the specification's GET paths that change state (sign-out, recall of a contact sheet; issue 14): a
 * route hook refusing them from another site (403 common.foreignOrigin), so that a link or an image on a
 * foreign page cannot trigger them. Our web app uses their POST forms.
 */
export async function sameSiteOnly(request: FastifyRequest): Promise<void> {
  if (!isSameSiteRequest(request, request.server.publicUrl ?? null)) {
    throw new AppError(403, 'common.foreignOrigin');
  }
}
