import { z } from 'zod';
import { maskIdNumber } from './idNumber';

/**
 * Workers' personal data under PIPL (issue 17). The server masks a worker's ID number and phones in every
 * answer (lists, details, search results, exports) unless the caller holds the personnel module's
 * `viewSensitive` right and asked for one record in full (`GET personnel/{id}/sensitive`, audited) or for an
 * export with full values (`export=true&full=true`, audited). The web never masks: it shows what it gets.
 */

/** `6101**********1581`: the first and the last four characters stay (idNumber.ts). */
export { maskIdNumber };

/** `138****0001`: an 11-digit mainland mobile keeps its first three and last four digits. */
export function maskPhone(phone: string): string {
  if (phone === '') return '';
  if (phone.length >= 11) return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
  if (phone.length > 4) return `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`;
  return '*'.repeat(phone.length);
}

/** The fields of a person that are masked. */
export const SENSITIVE_PERSON_FIELDS = ['idNumber', 'phone', 'teamPhone'] as const;
export type SensitivePersonField = (typeof SENSITIVE_PERSON_FIELDS)[number];

export type SensitiveValues = Record<SensitivePersonField, string>;

/** The masked form of a person's sensitive values. */
export function maskSensitive(values: SensitiveValues): SensitiveValues {
  return {
    idNumber: maskIdNumber(values.idNumber),
    phone: maskPhone(values.phone),
    teamPhone: maskPhone(values.teamPhone),
  };
}

/**
 * How much a keyword may reveal to someone who sees masked values: only what the mask shows anyway, or a
 * whole value they already know. A partial match inside the hidden part would let them read it digit by
 * digit, so the ID number and the phones match such callers only exactly (the full value) or by the four
 * visible last characters.
 */
export const MASKED_SEARCH_TAIL_LENGTH = 4;

/** Does `keyword` find `value` (an ID number or a phone) for a caller who sees it masked? */
export function maskedSearchMatches(value: string, keyword: string): boolean {
  if (value === '' || keyword === '') return false;
  const wanted = keyword.trim().toUpperCase();
  if (wanted === value.toUpperCase()) return true;
  return wanted.length <= MASKED_SEARCH_TAIL_LENGTH && value.toUpperCase().endsWith(wanted);
}

/** GET personnel/{id}/sensitive: one person's values in full (the viewSensitive right; audited). */
export const personSensitiveSchema = z.object({
  _id: z.string(),
  idNumber: z.string(),
  phone: z.string(),
  teamPhone: z.string(),
});
export type PersonSensitive = z.infer<typeof personSensitiveSchema>;

// ── age (a warning, never a refusal) ─────────────────────────────────────────────────────────────────────

/** Below this age a worker is a minor (labour law restricts their work). */
export const WORKER_MIN_AGE = 18;
/** Above this age a worker is past the usual retirement age of construction work. */
export const WORKER_MAX_AGE = 60;

export type AgeWarning = 'minor' | 'senior';

/** A warning for a worker's age: under 18 or over 60; null between. */
export function ageWarning(age: number): AgeWarning | null {
  if (age < WORKER_MIN_AGE) return 'minor';
  if (age > WORKER_MAX_AGE) return 'senior';
  return null;
}
