import type { PhoneCodeType } from '@lintel/contracts/account';

/** One verification code to deliver. */
export interface SmsMessage {
  phoneNumber: string;
  countryCode: string;
  type: PhoneCodeType;
  code: string;
}

/**
 * Delivers a code, or throws SmsProviderError. Chosen by SMS_PROVIDER; the service never knows which.
 * Implementations must never log the code.
 */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
  /**
   * A security notice without a code ("your phone was changed"). Optional: a gateway that needs an approved
   * template per message type may have none; the caller then only records the in-app notification.
   */
  notice?(message: SmsNotice): Promise<void>;
}

/** Kinds of security notice sent to a phone (issue 14): the account's phone, email or password changed. */
export type SmsNoticeKind = 'phoneChanged' | 'emailChanged' | 'passwordChanged';

export interface SmsNotice {
  phoneNumber: string;
  countryCode: string;
  notice: SmsNoticeKind;
}

/** A send that failed (gateway refusal, network error, unwritable outbox). The message carries no code. */
export class SmsProviderError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }
}

/** 13800000001 → 138****0001: enough to tell numbers apart in a log, not enough to collect them. */
export function maskPhone(phoneNumber: string): string {
  if (phoneNumber.length <= 4) return '*'.repeat(phoneNumber.length);
  const keep = Math.min(3, Math.floor((phoneNumber.length - 4) / 2));
  return `${phoneNumber.slice(0, keep)}${'*'.repeat(phoneNumber.length - keep - 4)}${phoneNumber.slice(-4)}`;
}
