import { createHash, randomBytes } from 'node:crypto';

/** Device tokens: 256 random bits, prefixed so that a leaked one is recognisable in logs and scanners. */
const TOKEN_PREFIX = 'lgd_';
const TOKEN_BYTES = 32;

export function newDeviceToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
}

/** What is stored of a token: its SHA-256. A 256-bit random token needs no salt or slow hash. */
export function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The token of an `Authorization: Bearer <token>` header; null when the header is absent or another scheme. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
