import type { PassportConfig } from '../../config';

/**
 * The calls to the passport provider (RFC 6749 authorization code, RFC 7636 PKCE): the authorization URL,
 * the code exchange and the user info. Answers are read up to 64 KiB and within a timeout, so a broken
 * provider can neither hold a request forever nor fill the memory.
 */

/** `rejected`: the provider refused (bad code, bad token); `unavailable`: it could not be asked. */
export class PassportError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PassportError';
  }
}

export interface PassportUserInfo {
  /** The provider's stable id of the person. */
  sub: string;
  /** A display name when the provider gives one. */
  name: string | null;
}

export interface AuthorizeParams {
  state: string;
  codeChallenge: string;
  redirectUri: string;
}

const TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;
const MAX_SUBJECT_LENGTH = 256;

async function readLimited(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new PassportError('unavailable', 'the provider answered more than 64 KiB');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readJsonObject(response: Response): Promise<Record<string, unknown>> {
  const text = await readLimited(response);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PassportError('unavailable', 'the provider did not answer JSON', { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PassportError('unavailable', 'the provider did not answer a JSON object');
  }
  return value as Record<string, unknown>;
}

function firstText(record: Record<string, unknown>, names: readonly string[]): string | null {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 100);
  }
  return null;
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new PassportError('unavailable', `the provider could not be reached at ${new URL(url).origin}`, {
      cause: error,
    });
  }
}

export function createPassportClient(config: PassportConfig) {
  return {
    authorizeUrl({ state, codeChallenge, redirectUri }: AuthorizeParams): string {
      // Parameters the configured URL already carries (a tenant, a prompt) are kept.
      const url = new URL(config.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', config.scope);
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },

    /** The access token for an authorization code (client_secret_post when there is a secret). */
    async exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<string> {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: config.clientId,
        code_verifier: codeVerifier,
      });
      if (config.clientSecret) form.set('client_secret', config.clientSecret);
      const response = await call(config.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      });
      if (response.status >= 400 && response.status < 500) {
        await response.body?.cancel();
        throw new PassportError('rejected', `the token endpoint refused the code (${response.status})`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new PassportError('unavailable', `the token endpoint failed (${response.status})`);
      }
      const body = await readJsonObject(response);
      const token = body.access_token;
      if (typeof token !== 'string' || token === '') {
        throw new PassportError('unavailable', 'the token answer has no access_token');
      }
      return token;
    },

    /** Who the access token belongs to; a token the provider refuses is `rejected`. */
    async userInfo(accessToken: string): Promise<PassportUserInfo> {
      const response = await call(config.userinfoUrl, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      if (response.status === 400 || response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new PassportError('rejected', `the user-info endpoint refused the token (${response.status})`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new PassportError('unavailable', `the user-info endpoint failed (${response.status})`);
      }
      const body = await readJsonObject(response);
      const sub = typeof body.sub === 'number' ? String(body.sub) : body.sub;
      if (typeof sub !== 'string' || sub === '' || sub.length > MAX_SUBJECT_LENGTH) {
        throw new PassportError('unavailable', 'the user info has no usable sub');
      }
      return { sub, name: firstText(body, ['name', 'nickname', 'preferred_username']) };
    },
  };
}
export type PassportClient = ReturnType<typeof createPassportClient>;
