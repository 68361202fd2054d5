import '../smsLocales';
import './sms.css';
import { type PhoneCodeType, type SendCodeResult, SMS_RESEND_SECONDS } from '@lintel/contracts/account';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSendSmsCode } from '../flowApi';
import { phoneProblem } from '../phone';
import { smsSendFailure } from '../smsErrors';

export interface SmsCodeButtonProps {
  phoneNumber: string;
  countryCode: string;
  type: PhoneCodeType;
  /** After a successful send, with the server's answer (`{}`). */
  onSent?: (answer: SendCodeResult) => void;
  disabled?: boolean;
  /** The button's test id (default `sms-send`); its message is `<testId>-error`. */
  testId?: string;
  /** A new value stops the countdown (spec 000 §4: it resets after a successful bind). */
  resetKey?: unknown;
}

interface Failure {
  /** The phone the message is about: another phone in the field hides it. */
  phone: string;
  message: string;
  offerRegister: boolean;
}

/** Seconds left until `until` (ms), rounded up; 0 when passed. */
export function secondsLeft(until: number | null, now: number = Date.now()): number {
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * "Get code" (spec 000 §4, §5, §8). Sending needs a valid phone (the phone prompt or 手机号码错误 show
 * otherwise, nothing is sent); the button is busy while sending, then disabled with the seconds left from
 * 60, and offers to resend at 0. A failed send shows its message under the row: 501, 502, 503, 'phone not
 * registered' (404; on code login with a link to /register), 'already registered' / 'already bound' (409).
 *
 * Renders the button and, when there is one, the message: put it in a wrapping flex row
 * (`.sms-code-row`) so the message takes the next line.
 */
export function SmsCodeButton({
  phoneNumber,
  countryCode,
  type,
  onSent,
  disabled,
  testId = 'sms-send',
  resetKey,
}: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const send = useSendSmsCode();
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sent, setSent] = useState(false);
  const phone = `${countryCode} ${phoneNumber}`;

  // A countdown ticks every second and stops itself at 0.
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) {
        setUntil(null);
        clearInterval(timer);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new resetKey is the signal itself
  useEffect(() => {
    setUntil(null);
  }, [resetKey]);

  const seconds = secondsLeft(until, now);
  const counting = seconds > 0;

  const onClick = () => {
    if (send.isPending || counting) return;
    const problem = phoneProblem({ countryCode, phoneNumber });
    if (problem) {
      setFailure({ phone, message: t(`sms:rules.${problem}`), offerRegister: false });
      return;
    }
    setFailure(null);
    send.mutate(
      { phoneNumber, countryCode, type },
      {
        onSuccess: (answer) => {
          const start = Date.now();
          setNow(start);
          setUntil(start + SMS_RESEND_SECONDS * 1000);
          setSent(true);
          onSent?.(answer ?? {});
        },
        onError: (error) => setFailure({ phone, ...smsSendFailure(error, type, t) }),
      },
    );
  };

  let label = t('sms:send.get');
  if (send.isPending) label = t('sms:send.sending');
  else if (counting) label = t('sms:send.countdown', { seconds });
  else if (sent) label = t('sms:send.resend');

  const shown = failure && failure.phone === phone ? failure : null;

  return (
    <>
      <Button
        size="large"
        className="sms-code-button"
        onClick={onClick}
        loading={send.isPending}
        disabled={disabled || counting}
        aria-describedby={shown ? `${testId}-error` : undefined}
        data-testid={testId}
      >
        {label}
      </Button>
      {shown ? (
        <div id={`${testId}-error`} className="sms-code-error" role="alert" data-testid={`${testId}-error`}>
          {shown.message}
          {shown.offerRegister ? (
            <>
              {' '}
              <Link
                to="/register"
                state={{ phoneNumber, countryCode }}
                data-testid={`${testId}-register-link`}
              >
                {t('sms:error.registerLink')}
              </Link>
            </>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
