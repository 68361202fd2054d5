/** What the passport callback hands the bind page (`/bind/account?thirdparty=<JSON>`). */
export interface ThirdpartyIdentity {
  /** The platform account, shown read-only. */
  thirdpartyAccount: string;
  /** Proves the pending identity to POST passport_login; absent in older links (the cookie then decides). */
  ticket?: string;
}

const MAX_LENGTH = 4096;

/**
 * The `thirdparty` query parameter: a JSON object with a non-empty string `thirdpartyAccount` and, when
 * present, a string `ticket`. Anything else (missing, not JSON, not an object, wrong field types) is null:
 * the page then says the link is broken instead of binding an unknown identity.
 */
export function parseThirdparty(search: string): ThirdpartyIdentity | null {
  const raw = new URLSearchParams(search).get('thirdparty');
  if (!raw || raw.length > MAX_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { thirdpartyAccount, ticket } = value as Record<string, unknown>;
  if (typeof thirdpartyAccount !== 'string' || thirdpartyAccount.trim() === '') return null;
  if (ticket !== undefined && typeof ticket !== 'string') return null;
  return ticket ? { thirdpartyAccount, ticket } : { thirdpartyAccount };
}

/**
 * The OA account of `/qweb?oaName=zhang`: the value of the FIRST query parameter, whatever its name (spec
 * 000 §2 "prefilled from the first query parameter"); '' when there is none.
 */
export function firstQueryValue(search: string): string {
  for (const [, value] of new URLSearchParams(search)) return value.trim();
  return '';
}
