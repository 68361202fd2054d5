import '../passwordLocales';
import '../registerLocales';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorCode, errorMessage } from '../../../lib/errors';
import { AccountCard } from '../components/AccountCard';
import { PasswordPair } from '../components/AccountFields';
import { AccountFormFooter } from '../components/AccountFormFooter';
import { PasswordSteps } from '../components/PasswordSteps';
import { useResetPassword } from '../flowApi';
import { markResetFinished, setResetFlow, useFlowState, useLeaveAction } from '../flowState';
import { type AccountErrors, type AccountValues, accountFieldError } from '../registration';

type Values = Pick<AccountValues, 'password' | 'confirm'>;

const forgetReset = () => setResetFlow(null);

/**
 * /resetPassword (spec 000 §2, §4, §8): new password and confirmation for the account /findPassword
 * verified (the flow state, which the guard requires). PUT users/{id}/password?code=true signs the user in;
 * then /finishPassword. A failure shows 'reset error' with the code; a code that expired meanwhile (106)
 * offers to verify the phone again.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const flow = useFlowState().reset;
  const reset = useResetPassword();
  const [values, setValues] = useState<Values>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<AccountErrors>({});
  const forgetResetOnLeave = useLeaveAction(forgetReset);

  if (!flow) return null; // the guard sends a visitor without a verified reset to /login

  const check = (field: 'password' | 'confirm') =>
    accountFieldError(field, { name: '', nickName: '', email: '', ...values }, t);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const found = { password: check('password'), confirm: check('confirm') };
    setErrors(found);
    if (found.password || found.confirm) return;
    try {
      await reset.mutateAsync({ userId: flow.userId, password: values.password, code: flow.code });
    } catch {
      return; // shown below
    }
    // The finished reset first: the guard of /finishPassword reads it when the navigation renders. The reset
    // data (the code is used up) goes once this page is left.
    markResetFinished();
    forgetResetOnLeave();
    void navigate('/finishPassword', { replace: true });
  };

  const failure = reset.isError
    ? {
        expired: errorCode(reset.error) === 106,
        message: t('password:reset.error', {
          message: errorMessage(reset.error, t),
          code: errorCode(reset.error) ?? '-',
        }),
      }
    : null;

  return (
    <AccountCard
      steps={<PasswordSteps page="reset" />}
      title={t('password:reset.title')}
      subtitle={t('password:reset.subtitle')}
      testId="reset-password-page"
      footer={
        <Link to="/login" data-testid="reset-password-login">
          {t('password:backToLogin')}
        </Link>
      }
    >
      <form className="login-form" noValidate onSubmit={submit} data-testid="reset-password-form">
        <PasswordPair
          id={id}
          values={values}
          errors={errors}
          labels={{ password: t('password:reset.password'), confirm: t('password:reset.confirm') }}
          testIdPrefix="reset"
          onChange={(patch, fieldErrors) => {
            setValues((current) => ({ ...current, ...patch }));
            setErrors((current) => ({ ...current, ...fieldErrors }));
            if (reset.isError) reset.reset();
          }}
          onBlur={(field) => {
            if (field === 'confirm' && values.confirm === '') return;
            setErrors((current) => ({ ...current, [field]: check(field) }));
          }}
        />
        <AccountFormFooter
          error={failure?.message}
          errorTestId="reset-error"
          notice={
            failure?.expired ? (
              <p className="account-form__help">
                {t('password:reset.codeExpired')}{' '}
                <Link to="/findPassword" data-testid="reset-restart">
                  {t('password:reset.restart')}
                </Link>
              </p>
            ) : null
          }
          busy={reset.isPending}
          submitTestId="reset-submit"
        >
          {t('password:reset.submit')}
        </AccountFormFooter>
      </form>
    </AccountCard>
  );
}
