import { isHttpError } from './http';

/** A translate function as i18next's `t` gives it, narrowed to what this module calls. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text to show for a failed call: the server's message (already in the request's language) when it
 * sent one, else a localized generic text chosen from what went wrong.
 */
export function errorMessage(error: unknown, t: Translate): string {
  if (isHttpError(error)) {
    if (error.body.message) return error.body.message;
    if (error.status === 401) return t('common:error.unauthorized');
    if (error.status === 403) return t('common:error.forbidden');
    if (error.status === 404) return t('common:error.notFound');
    if (error.status === 429) return t('common:error.tooManyRequests');
    if (error.status >= 500) return t('common:error.server');
    return t('common:error.request');
  }
  if (error instanceof DOMException && error.name === 'AbortError') return t('common:error.aborted');
  // fetch rejects with a TypeError when the server cannot be reached.
  if (error instanceof TypeError) return t('common:error.network');
  return t('common:error.unknown');
}

/** The business code of a failed call, when the server gave one. */
export function errorCode(error: unknown): number | undefined {
  return isHttpError(error) ? error.body.code : undefined;
}
