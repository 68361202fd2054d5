import { digitsOnly, isValidPhone, MAINLAND_PHONE_LENGTH, PHONE_MAX_LENGTH } from '@lintel/contracts/account';
import { DEFAULT_COUNTRY_CODE } from '@lintel/contracts/system';

/** A phone as the forms hold it: the country code (digits, no +) and the number (digits only). */
export interface PhoneValue {
  countryCode: string;
  phoneNumber: string;
}

export const EMPTY_PHONE: PhoneValue = { countryCode: DEFAULT_COUNTRY_CODE, phoneNumber: '' };

/** Which phone prompt a form shows (spec 000 §5): the phone prompt when empty, 手机号码错误 when invalid. */
export type PhoneProblem = 'phoneRequired' | 'phoneInvalid';

/** Empty → phoneRequired; with 86, 1 + 3–9 + 9 digits, elsewhere 5–15 digits, else phoneInvalid. */
export function phoneProblem(value: PhoneValue | undefined): PhoneProblem | null {
  const phoneNumber = value?.phoneNumber ?? '';
  if (phoneNumber === '') return 'phoneRequired';
  return isValidPhone(phoneNumber, value?.countryCode || DEFAULT_COUNTRY_CODE) ? null : 'phoneInvalid';
}

/** A mainland number has 11 digits; elsewhere at most 15 (E.164). */
export function phoneMaxLength(countryCode: string): number {
  return countryCode === DEFAULT_COUNTRY_CODE ? MAINLAND_PHONE_LENGTH : PHONE_MAX_LENGTH;
}

/** What the phone field keeps of a keystroke or a paste: digits only, cut at the country's length. */
export function cleanPhoneInput(raw: string, countryCode: string): string {
  return digitsOnly(raw).slice(0, phoneMaxLength(countryCode));
}

/** 13800138000 → 138****8000, for summaries of a phone the user already proved. */
export function maskPhone(phoneNumber: string): string {
  if (phoneNumber.length < 7) return phoneNumber;
  return `${phoneNumber.slice(0, 3)}****${phoneNumber.slice(-4)}`;
}
