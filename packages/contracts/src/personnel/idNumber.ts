/**
 * The mainland resident ID number (GB 11643-1999): 6 digits of region, 8 of birth date (YYYYMMDD), 3 of
 * sequence (odd: male, even: female) and a check character (0-9 or X) computed from the first 17 digits with
 * ISO 7064 MOD 11-2. Real-name labour management keys a worker by it, so the record's sex and age are derived
 * from it rather than typed in.
 */

export const ID_NUMBER_LENGTH = 18;

/** Weights of the first 17 digits; the check character is CHECK_CHARACTERS[sum mod 11]. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARACTERS = '10X98765432';

/**
 * The two-digit province codes (GB/T 2260): the 31 mainland provinces, plus Taiwan (71), Hong Kong (81) and
 * Macao (82), and 83 used by residence permits of Hong Kong, Macao and Taiwan residents.
 */
export const ID_REGION_PREFIXES: ReadonlySet<string> = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
  '83',
]);

/** The oldest birth year accepted (nobody on a site was born earlier). */
export const ID_MIN_BIRTH_YEAR = 1900;

export type IdNumberProblem = 'length' | 'format' | 'region' | 'birthDate' | 'future' | 'checksum';

export type IdNumberCheck =
  | { valid: true; idNumber: string; birthDate: string; sex: 0 | 1; reason: null }
  | { valid: false; idNumber: string; birthDate: null; sex: null; reason: IdNumberProblem };

/** Trimmed, with a lowercase x made uppercase (people type both). */
export function normalizeIdNumber(id: string): string {
  return id.trim().toUpperCase();
}

/** `YYYY-MM-DD` of a Date in UTC. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Checks an ID number. `today` (YYYY-MM-DD, default the current UTC date) bounds the birth date. Sex follows
 * spec 001 §9's coding: 0 male, 1 female.
 */
export function checkMainlandIdNumber(input: string, today: string = isoDay(new Date())): IdNumberCheck {
  const idNumber = normalizeIdNumber(input);
  const fail = (reason: IdNumberProblem): IdNumberCheck => ({
    valid: false,
    idNumber,
    birthDate: null,
    sex: null,
    reason,
  });
  if (idNumber.length !== ID_NUMBER_LENGTH) return fail('length');
  if (!/^\d{17}[\dX]$/.test(idNumber)) return fail('format');
  if (!ID_REGION_PREFIXES.has(idNumber.slice(0, 2))) return fail('region');
  const year = Number(idNumber.slice(6, 10));
  const month = Number(idNumber.slice(10, 12));
  const day = Number(idNumber.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    year < ID_MIN_BIRTH_YEAR ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return fail('birthDate');
  }
  const birthDate = isoDay(date);
  if (birthDate > today) return fail('future');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(idNumber[i]) * (WEIGHTS[i] as number);
  if (CHECK_CHARACTERS[sum % 11] !== idNumber[17]) return fail('checksum');
  const sex = Number(idNumber[16]) % 2 === 1 ? 0 : 1;
  return { valid: true, idNumber, birthDate, sex, reason: null };
}

/** The check character the first 17 digits call for (for tests and demo data). */
export function idNumberCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] as number);
  return CHECK_CHARACTERS[sum % 11] as string;
}

/** Full years between a birth date and a date (both YYYY-MM-DD): the age on that day. */
export function ageOn(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return Math.max(0, age);
}

/** The last characters of an ID number, for keyword search and masked display. */
export function maskIdNumber(idNumber: string): string {
  return idNumber.length <= 8
    ? idNumber
    : `${idNumber.slice(0, 4)}${'*'.repeat(idNumber.length - 8)}${idNumber.slice(-4)}`;
}
