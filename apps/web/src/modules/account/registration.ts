import {
  type AccountRuleKey,
  charCount,
  REAL_NAME_MAX_LENGTH,
  REGISTER_ERROR,
  validateEmail,
  validatePassword,
  validatePasswordConfirmation,
  validateRealName,
  validateUsername,
} from '@lintel/contracts/account';
import type { Translate } from '../../lib/errors';
import { errorCode } from '../../lib/errors';
import { withCode } from './smsErrors';

/** Registration step 1 as the form holds it (spec 000 §3 registration payload + the confirmation). */
export interface AccountValues {
  name: string;
  nickName: string;
  email: string;
  password: string;
  confirm: string;
}

export type AccountField = keyof AccountValues;
export type AccountErrors = Partial<Record<AccountField, string>>;

export const EMPTY_ACCOUNT: AccountValues = { name: '', nickName: '', email: '', password: '', confirm: '' };

/** `account.passwordLength` → its text in register.json (`register:rules.passwordLength`). */
export function ruleText(key: AccountRuleKey | null, t: Translate): string | undefined {
  return key ? t(`register:rules.${key.replace(/^account\./, '')}`) : undefined;
}

/** The rule of one field (spec 000 §5), as a text, or undefined. */
export function accountFieldError(
  field: AccountField,
  values: AccountValues,
  t: Translate,
): string | undefined {
  switch (field) {
    case 'name':
      return ruleText(validateUsername(values.name), t);
    case 'nickName':
      return ruleText(validateRealName(values.nickName), t);
    case 'email':
      return ruleText(validateEmail(values.email), t);
    case 'password':
      return ruleText(validatePassword(values.password, values.name), t);
    case 'confirm':
      return ruleText(validatePasswordConfirmation(values.password, values.confirm), t);
  }
}

export function validateAccount(values: AccountValues, t: Translate): AccountErrors {
  const errors: AccountErrors = {};
  for (const field of Object.keys(EMPTY_ACCOUNT) as AccountField[]) {
    const error = accountFieldError(field, values, t);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Real name over 20 characters (typed through an IME, pasted, dropped): the field is cleared with an error. */
export function realNameTooLong(value: string): boolean {
  return charCount(value.trim()) > REAL_NAME_MAX_LENGTH;
}

/** The text a paste would leave in an input: the selection replaced by the pasted text. */
export function afterPaste(input: HTMLInputElement, pasted: string): string {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  return input.value.slice(0, start) + pasted + input.value.slice(end);
}

/**
 * Where a failed POST register goes and what it says (spec 000 §8): 101–106 each after the register-failed
 * prefix, 106 on the code field (103 also marks the username); anything else (a rule of the server, the phone taken meanwhile) after the
 * prefix with its code.
 */
export function registerFailure(
  error: unknown,
  t: Translate,
): { field: 'code' | 'form'; message: string; usernameTaken: boolean } {
  const code = errorCode(error);
  const known: readonly number[] = Object.values(REGISTER_ERROR);
  if (code !== undefined && known.includes(code)) {
    const message = t('register:error.prefix', { reason: t(`register:error.${code}`) });
    const field = code === REGISTER_ERROR.codeError ? 'code' : 'form';
    return { field, message, usernameTaken: code === REGISTER_ERROR.usernameExists };
  }
  return {
    field: 'form',
    message: t('register:error.prefix', { reason: withCode(error, t) }),
    usernameTaken: false,
  };
}
