import '../smsLocales';
import type { PhoneCodeType, SendCodeResult } from '@lintel/contracts/account';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PhoneValue } from '../phone';
import { SmsCodeButton } from './SmsCodeButton';

interface SmsCodeFieldProps {
  id: string;
  value: string;
  onChange: (code: string) => void;
  /** The phone the code goes to. */
  phone: PhoneValue;
  type: PhoneCodeType;
  error?: string | null;
  onSent?: (answer: SendCodeResult) => void;
  disabled?: boolean;
  /** Test ids: `<prefix>-code` (input), `<prefix>-send` (button), `<prefix>-code-error`. */
  testIdPrefix: string;
  /** A new value stops the countdown of the button. */
  resetKey?: unknown;
  label?: string;
}

/** The SMS code: label, code input, "Get code" with its countdown and messages, and the field's error. */
export function SmsCodeField({
  id,
  value,
  onChange,
  phone,
  type,
  error,
  onSent,
  disabled,
  testIdPrefix,
  resetKey,
  label,
}: SmsCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="login-form__field">
      <label className="login-form__label" htmlFor={id}>
        {label ?? t('sms:code.label')}
      </label>
      <div className="sms-code-row">
        <Input
          id={id}
          size="large"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('sms:code.placeholder')}
          maxLength={16}
          value={value}
          disabled={disabled}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value.replace(/\s+/g, ''))}
          data-testid={`${testIdPrefix}-code`}
        />
        <SmsCodeButton
          phoneNumber={phone.phoneNumber}
          countryCode={phone.countryCode}
          type={type}
          onSent={onSent}
          disabled={disabled}
          resetKey={resetKey}
          testId={`${testIdPrefix}-send`}
        />
      </div>
      {error ? (
        <div
          id={`${id}-error`}
          className="login-form__explain"
          role="alert"
          data-testid={`${testIdPrefix}-code-error`}
        >
          {error}
        </div>
      ) : null}
    </div>
  );
}
