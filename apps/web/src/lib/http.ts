import {
  CHALLENGE_DIFFICULTY_HEADER,
  CHALLENGE_HEADER,
  CHALLENGE_SOLUTION_HEADER,
  DEFAULT_LANGUAGE,
  type ErrorBody,
  type Language,
} from '@lintel/contracts';

/**
 * The one HTTP client of the web app (DESIGN.md §4): same origin, paths below `/api/v1/`, cookies sent,
 * JSON in and out, `Accept-Language` from the chosen language. On a failure it throws an `HttpError` with
 * the server's JSON body, or rethrows the raw error (network failure, abort) when there is no answer.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Methods that OEM builds send as POST with `X-HTTP-Method-Override` (spec 000 §7). */
const OVERRIDABLE: ReadonlySet<HttpMethod> = new Set(['PUT', 'PATCH', 'DELETE']);
export const METHOD_OVERRIDE_HEADER = 'X-HTTP-Method-Override';
export const API_PREFIX = '/api/v1/';

export class HttpError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  /** True when the server answered with a proper `ErrorBody`; false when it was synthesized from the status. */
  readonly fromServer: boolean;

  constructor(status: number, body: ErrorBody, fromServer: boolean) {
    super(body.message || `HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.fromServer = fromServer;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

export interface HttpConfig {
  /** Prepended to `/api/v1/…`; empty for the same origin (tests point it at a local server). */
  baseUrl: string;
  /** From the system profile: send PUT/PATCH/DELETE as POST with the override header. */
  methodOverride: boolean;
  /** The current language, read at every request. */
  getLanguage: () => Language;
}

const config: HttpConfig = { baseUrl: '', methodOverride: false, getLanguage: () => DEFAULT_LANGUAGE };

export function configureHttp(patch: Partial<HttpConfig>): void {
  Object.assign(config, patch);
}

export function getHttpConfig(): Readonly<HttpConfig> {
  return config;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Called with the headers of a successful answer (a list's next-page cursor: lib/paging.ts). */
  onHeaders?: (headers: Headers) => void;
}

/** `account-service/login` + `{ code: true }` → `/api/v1/account-service/login?code=true`. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${config.baseUrl}${API_PREFIX}${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** The method on the wire and the headers that go with it, given the override switch. */
export function wireMethod(
  method: HttpMethod,
  methodOverride: boolean,
): { method: HttpMethod; headers: Record<string, string> } {
  if (methodOverride && OVERRIDABLE.has(method)) {
    return { method: 'POST', headers: { [METHOD_OVERRIDE_HEADER]: method } };
  }
  return { method, headers: {} };
}

/**
 * The server's `ErrorBody`, or null when the answer is something else (a proxy's HTML page, an empty body).
 * A structural check on purpose: the contracts' zod-based `isErrorBody` would put zod (~25 KB gzip) on the
 * critical path of every screen, /login included, for four field checks.
 */
export function readErrorBody(value: unknown): ErrorBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const body = value as Record<string, unknown>;
  if (!Number.isInteger(body.code) || typeof body.key !== 'string' || typeof body.message !== 'string')
    return null;
  if (body.details !== undefined && !Array.isArray(body.details)) return null;
  return body as unknown as ErrorBody;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const wire = wireMethod(method, config.methodOverride);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': config.getLanguage(),
    ...wire.headers,
  };
  const init: RequestInit = { method: wire.method, headers, credentials: 'include' };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  // A network failure or an abort rejects here: the raw error is what the caller gets.
  let response = await fetch(apiUrl(path, options.query), init);
  // After repeated failures the sign-in defenses ask for a proof of work (429 + X-Challenge): solve it and
  // send the request again, at most twice (a solution can expire while a slow device works on it).
  for (let tries = 0; tries < 2 && response.status === 429; tries++) {
    const challenge = response.headers.get(CHALLENGE_HEADER);
    const bits = Number(response.headers.get(CHALLENGE_DIFFICULTY_HEADER));
    if (!challenge || !Number.isInteger(bits)) break;
    // The solver (its SHA-256) loads only when asked for: /login's budget has no room for it.
    const { solveChallenge } = await import('./challenge');
    headers[CHALLENGE_SOLUTION_HEADER] = await solveChallenge(challenge, bits);
    options.signal?.throwIfAborted();
    response = await fetch(apiUrl(path, options.query), init);
  }
  const data = await readJson(response);
  if (!response.ok) {
    const body = readErrorBody(data);
    if (body) throw new HttpError(response.status, body, true);
    throw new HttpError(
      response.status,
      { code: response.status, key: `http.${response.status}`, message: '' },
      false,
    );
  }
  options.onHeaders?.(response.headers);
  return data as T;
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
