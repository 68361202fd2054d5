import '../smsLocales';
import { Button, Input } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../../app/routeTable';
import { errorCode, errorMessage } from '../../../lib/errors';
import { useBindPhone, useCurrentUser, useLogout } from '../api';
import { AccountCard } from '../components/AccountCard';
import { AccountFormFooter } from '../components/AccountFormFooter';
import { FormField } from '../components/FormField';
import { type PhoneCodeErrors, PhoneCodeFields, usePhoneCodeForm } from '../components/PhoneCodeFields';

/**
 * /bindTel (spec 000 §2, §4, §8): a signed-in user without a phone binds one with a code of type bind and
 * their current password (issue 14: a session alone must not attach a phone, through which a reset would own
 * the account). 106 shows the bind-code error on the code field, 104 the password's on its field; any other
 * failure the refresh-and-retry message. After
 * a successful bind the countdown resets and the user goes on to /home. "Switch account" signs out.
 */
export default function BindTelPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const bind = useBindPhone();
  const logout = useLogout();
  const form = usePhoneCodeForm();
  const { phone, code, errors, setErrors, check } = form;
  const [bound, setBound] = useState(0);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user || bind.isPending) return;
    const found: PhoneCodeErrors = check();
    setErrors(found);
    const missing = password ? null : t('sms:bindTel.passwordRequired');
    setPasswordError(missing);
    if (found.phone || found.code || missing) return;
    try {
      await bind.mutateAsync({ userId: user._id, ...phone, code: code.trim(), currentPassword: password });
    } catch (error) {
      if (errorCode(error) === 104) setPasswordError(errorMessage(error, t));
      else if (errorCode(error) === 106) setErrors({ code: t('sms:bindTel.codeError') });
      else setErrors({ form: t('sms:bindTel.retry') });
      return;
    }
    setBound((count) => count + 1);
    void navigate('/home', { replace: true });
  };

  const switchAccount = () =>
    logout.mutate(undefined, { onSettled: () => void navigate(LOGIN_PATH, { replace: true }) });

  return (
    <AccountCard
      title={t('sms:bindTel.title')}
      subtitle={t('sms:bindTel.subtitle')}
      testId="bindtel-page"
      footer={
        <div className="login-links__row">
          <Button
            type="link"
            className="account-link-button"
            onClick={switchAccount}
            loading={logout.isPending}
            data-testid="bindtel-switch-account"
          >
            {t('sms:bindTel.switchAccount')}
          </Button>
        </div>
      }
    >
      <form className="login-form" noValidate onSubmit={submit} data-testid="bindtel-form">
        <PhoneCodeFields form={form} id={id} type="bind" testIdPrefix="bindtel" resetKey={bound} />
        <FormField
          id={`${id}-password`}
          label={t('sms:bindTel.password')}
          error={passwordError}
          help={t('sms:bindTel.passwordHelp')}
          errorTestId="bindtel-password-error"
        >
          <Input.Password
            id={`${id}-password`}
            size="large"
            autoComplete="current-password"
            maxLength={128}
            value={password}
            status={passwordError ? 'error' : undefined}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${id}-password-error` : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(null);
            }}
            data-testid="bindtel-password"
          />
        </FormField>
        <AccountFormFooter
          error={errors.form}
          errorTestId="bindtel-error"
          busy={bind.isPending}
          submitTestId="bindtel-submit"
        >
          {t('sms:bindTel.submit')}
        </AccountFormFooter>
      </form>
    </AccountCard>
  );
}
