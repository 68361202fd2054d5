import { type PhoneCodeType, SMS_ERROR } from '@lintel/contracts/account';
import { errorCode, errorMessage, type Translate } from '../../lib/errors';

export interface SmsSendFailure {
  message: string;
  /** The phone has no account (code login): the message comes with a link to /register. */
  offerRegister: boolean;
}

/**
 * The message of a failed POST securities (spec 000 §8 "SMS send"): 501 send error, 502 invalid phone,
 * 503 code limit reached; an unregistered phone on code login or reset shows 'phone not registered' (with
 * the way to register on code login: the SMS view doubles as registration); a phone already registered or
 * bound shows 'already registered' / 'already bound'; other codes show the code with the message.
 */
export function smsSendFailure(error: unknown, type: PhoneCodeType, t: Translate): SmsSendFailure {
  const code = errorCode(error);
  const plain = (key: string): SmsSendFailure => ({ message: t(key), offerRegister: false });
  if (code === SMS_ERROR.sendError) return plain('sms:error.sendFailed');
  if (code === SMS_ERROR.phoneInvalid) return plain('sms:error.phoneInvalid');
  if (code === SMS_ERROR.limitReached) return plain('sms:error.limitReached');
  if (code === 404 && (type === 'login' || type === 'reset')) {
    return { message: t('sms:error.notRegistered'), offerRegister: type === 'login' };
  }
  if (code === 409 && type === 'register') return plain('sms:error.alreadyRegistered');
  if (code === 409 && type === 'bind') return plain('sms:error.alreadyBound');
  return { message: withCode(error, t), offerRegister: false };
}

/** Any failure as "message (error code N)", or the message alone when there is no code (network). */
export function withCode(error: unknown, t: Translate): string {
  const message = errorMessage(error, t);
  const code = errorCode(error);
  return code === undefined ? message : t('sms:error.withCode', { message, code });
}

/**
 * A failed POST securities?verify=true: 106 shows the wrong-code message on the code field; anything else
 * is 'phone verify error' with the code (spec 000 §8).
 */
export function smsVerifyFailure(error: unknown, t: Translate): { field: 'code' | 'form'; message: string } {
  if (errorCode(error) === 106) return { field: 'code', message: t('sms:error.codeWrong') };
  // Too many tries (429): the server's sentence says how long to wait.
  if (errorCode(error) === 429) return { field: 'form', message: errorMessage(error, t) };
  const code = errorCode(error);
  const message = t('sms:error.verifyFailed');
  return {
    field: 'form',
    message: code === undefined ? message : t('sms:error.withCode', { message, code }),
  };
}
