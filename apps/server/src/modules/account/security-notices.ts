import type { FastifyBaseLogger } from 'fastify';
import type { Notify } from '../notifications/index';
import { templated } from '../notifications/index';
import { maskPhone, type SmsNoticeKind, type SmsProvider } from '../sms/sms.provider';

export type SecurityChange = 'phone' | 'email' | 'password';

const SMS_NOTICE: Record<SecurityChange, SmsNoticeKind> = {
  phone: 'phoneChanged',
  email: 'emailChanged',
  password: 'passwordChanged',
};

/** a***@example.com: enough for the owner to recognise, not a copy of the address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email === '' ? '' : '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export interface SecurityNoticesDeps {
  /** The SMS provider of the app (console outbox by default); a provider without `notice` sends none. */
  sms: SmsProvider;
  /** The notifications module's producer: the notice is also kept in the user's notification centre. */
  notify: Notify;
  log: FastifyBaseLogger;
}

export interface SecurityNotice {
  userId: string;
  change: SecurityChange;
  /** Who is told by SMS: the OLD phone for a phone change, the current one otherwise (none: no SMS). */
  phone: { phoneNumber: string; countryCode: string } | null;
  /** Masked old and new values for the notification's text ('' for a password). */
  from: string;
  to: string;
}

/**
 * After a phone, email or password change (issue 14): an SMS notice to the phone that was the account's
 * before the change, and an entry in the user's notifications. There is no mail sender in the product, so
 * the old email address is told through the notification centre only (docs/decisions.md). Both are best
 * effort, after the change is committed: a failure is logged and never undoes the change.
 */
export function createSecurityNotices({ sms, notify, log }: SecurityNoticesDeps) {
  async function tell(notice: SecurityNotice): Promise<void> {
    const { phone } = notice;
    if (phone) {
      try {
        if (sms.notice) await sms.notice({ ...phone, notice: SMS_NOTICE[notice.change] });
        else {
          log.info(
            { sms: { provider: sms.name, phoneNumber: maskPhone(phone.phoneNumber) }, change: notice.change },
            'security notice not sent by SMS: the provider has no notice message',
          );
        }
      } catch (error) {
        log.warn({ err: error, userId: notice.userId, change: notice.change }, 'security SMS notice failed');
      }
    }
    try {
      await notify([notice.userId], {
        module: 'system',
        recordId: notice.userId,
        link: '/account',
        ...templated('accountSecurityChanged', {
          change: notice.change,
          from: notice.from,
          to: notice.to,
        }),
      });
    } catch (error) {
      log.warn({ err: error, userId: notice.userId, change: notice.change }, 'security notification failed');
    }
  }

  return {
    phoneChanged(userId: string, before: { phoneNumber: string | null; countryCode: string }, after: string) {
      return tell({
        userId,
        change: 'phone',
        phone: before.phoneNumber
          ? { phoneNumber: before.phoneNumber, countryCode: before.countryCode }
          : null,
        from: before.phoneNumber ? maskPhone(before.phoneNumber) : '',
        to: maskPhone(after),
      });
    },
    emailChanged(
      userId: string,
      phone: { phoneNumber: string | null; countryCode: string },
      before: string,
      after: string,
    ) {
      return tell({
        userId,
        change: 'email',
        phone: phone.phoneNumber ? { phoneNumber: phone.phoneNumber, countryCode: phone.countryCode } : null,
        from: maskEmail(before),
        to: maskEmail(after),
      });
    },
    passwordChanged(userId: string, phone: { phoneNumber: string | null; countryCode: string }) {
      return tell({
        userId,
        change: 'password',
        phone: phone.phoneNumber ? { phoneNumber: phone.phoneNumber, countryCode: phone.countryCode } : null,
        from: '',
        to: '',
      });
    },
  };
}
export type SecurityNotices = ReturnType<typeof createSecurityNotices>;
