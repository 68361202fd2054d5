import type { Reauth, User } from '@lintel/contracts/account';
import { Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../lib/errors';
import { isHttpError } from '../../../lib/http';
import { FormField } from '../../account/components/FormField';
import { SmsCodeField } from '../../account/components/SmsCodeField';
import { maskPhone } from '../../account/phone';

export type ReauthMethod = 'password' | 'code';

export interface ReauthValue {
  method: ReauthMethod;
  password: string;
  code: string;
}

export const EMPTY_REAUTH: ReauthValue = { method: 'password', password: '', code: '' };

/** The body fields of the proof: the current password, or the code sent to the current phone. */
export function reauthBody(value: ReauthValue): Reauth {
  return value.method === 'code'
    ? { currentPhoneCode: value.code.trim() }
    : { currentPassword: value.password };
}

/** The proof's own problem before sending (nothing entered), as a text; null when there is something. */
export function reauthProblem(value: ReauthValue, t: (key: string) => string): string | null {
  if (value.method === 'code') return value.code.trim() ? null : t('accountPage:reauth.codeRequired');
  return value.password ? null : t('accountPage:reauth.passwordRequired');
}

/**
 * A server answer that is about the proof (wrong password 104, wrong code to the current phone, proof
 * missing): its text goes on this field, not on the change's own fields.
 */
export function isReauthError(error: unknown): boolean {
  const key = isHttpError(error) ? error.body.key : undefined;
  return (
    errorCode(error) === 104 ||
    key === 'account.currentPhoneCodeError' ||
    key === 'account.reauthRequired' ||
    key === 'account.reauthNoPhone'
  );
}

interface ReauthFieldProps {
  user: User;
  value: ReauthValue;
  onChange: (value: ReauthValue) => void;
  error?: string | null;
  /**
   * `<prefix>-reauth-method`, `-reauth-password` (its error `-reauth-error`), `-reauth-code`, `-reauth-send`
   * (its error `-reauth-code-error`).
   */
  testIdPrefix: string;
  /** A new value stops the countdown of the send button (after a successful change). */
  resetKey?: unknown;
}

/**
 * "Confirm it is you" for a change of phone or email (issue 14): a signed-in browser alone is not enough.
 * The current password, or a code of type verify sent to the account's current phone; an account without a
 * phone has only the password.
 */
export function ReauthField({ user, value, onChange, error, testIdPrefix, resetKey }: ReauthFieldProps) {
  const { t } = useTranslation();
  const id = `${testIdPrefix}-reauth`;
  const hasPhone = user.phoneNumber !== '';
  const method: ReauthMethod = hasPhone ? value.method : 'password';
  return (
    <fieldset className="account-reauth" data-testid={`${testIdPrefix}-reauth`}>
      <legend className="account-reauth__legend">{t('accountPage:reauth.legend')}</legend>
      {hasPhone ? (
        <Segmented<ReauthMethod>
          block
          value={method}
          onChange={(next) => onChange({ ...value, method: next })}
          options={[
            { value: 'password', label: t('accountPage:reauth.byPassword') },
            { value: 'code', label: t('accountPage:reauth.byCode') },
          ]}
          data-testid={`${testIdPrefix}-reauth-method`}
        />
      ) : null}
      {method === 'password' ? (
        <FormField
          id={`${id}-password`}
          label={t('accountPage:reauth.password')}
          error={error}
          help={hasPhone ? null : t('accountPage:reauth.noPhone')}
          errorTestId={`${testIdPrefix}-reauth-error`}
        >
          <Input.Password
            id={`${id}-password`}
            autoComplete="current-password"
            maxLength={128}
            value={value.password}
            status={error ? 'error' : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-password-error` : undefined}
            onChange={(event) => onChange({ ...value, password: event.target.value })}
            data-testid={`${testIdPrefix}-reauth-password`}
          />
        </FormField>
      ) : (
        <SmsCodeField
          id={`${id}-code`}
          label={t('accountPage:reauth.codeLabel', {
            phone: `+${user.countryCode} ${maskPhone(user.phoneNumber)}`,
          })}
          value={value.code}
          onChange={(code) => onChange({ ...value, code })}
          phone={{ phoneNumber: user.phoneNumber, countryCode: user.countryCode || '86' }}
          type="verify"
          error={error}
          testIdPrefix={`${testIdPrefix}-reauth`}
          resetKey={resetKey}
        />
      )}
    </fieldset>
  );
}
