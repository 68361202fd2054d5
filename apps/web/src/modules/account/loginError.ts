import { LOGIN_ERROR } from '@lintel/contracts/account';
import { errorCode, errorMessage, type Translate } from '../../lib/errors';

const KNOWN_CODES: ReadonlySet<number> = new Set(Object.values(LOGIN_ERROR));

/**
 * The hint of a failed sign-in (spec 000 §8): the server's message for 102 (username not found),
 * 104 (password error) and 106 (code error); any other code is shown with its message.
 */
export function loginErrorMessage(error: unknown, t: Translate): string {
  const message = errorMessage(error, t);
  const code = errorCode(error);
  if (code === undefined || KNOWN_CODES.has(code)) return message;
  return t('login:error.withCode', { message, code });
}
