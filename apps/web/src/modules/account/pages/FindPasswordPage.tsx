import '../passwordLocales';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AccountCard } from '../components/AccountCard';
import { AccountFormFooter } from '../components/AccountFormFooter';
import { PasswordSteps } from '../components/PasswordSteps';
import { type PhoneCodeErrors, PhoneCodeFields, usePhoneCodeForm } from '../components/PhoneCodeFields';
import { useVerifySmsCode } from '../flowApi';
import { setResetFlow } from '../flowState';
import { smsVerifyFailure } from '../smsErrors';

/**
 * /findPassword, step 1 "verify account" (spec 000 §2, §4): country code, phone and an SMS code of type reset
 * (an unregistered phone gets 'phone not registered'), verified with securities?verify=true, which answers
 * the account's id; the account, phone and code go to the flow state for /resetPassword.
 */
export default function FindPasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const verify = useVerifySmsCode();
  const form = usePhoneCodeForm();
  const { phone, code, errors, setErrors, check } = form;
  /** The phone the last code went to. */
  const [sentTo, setSentTo] = useState<string | null>(null);

  const phoneKey = `${phone.countryCode} ${phone.phoneNumber}`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    const found: PhoneCodeErrors = check();
    if (!found.phone && !found.code && sentTo !== phoneKey) found.code = t('password:find.needCode');
    setErrors(found);
    if (found.phone || found.code) return;
    let userId: string | undefined;
    try {
      ({ userId } = await verify.mutateAsync({ ...phone, type: 'reset', code: code.trim() }));
    } catch (error) {
      const failure = smsVerifyFailure(error, t);
      setErrors({ [failure.field]: failure.message });
      return;
    }
    if (!userId) {
      setErrors({ form: t('sms:error.verifyFailed') });
      return;
    }
    setResetFlow({ userId, ...phone, code: code.trim() });
    void navigate('/resetPassword');
  };

  return (
    <AccountCard
      steps={<PasswordSteps page="find" />}
      title={t('password:find.title')}
      subtitle={t('password:find.subtitle')}
      testId="find-password-page"
      footer={
        <Link to="/login" data-testid="find-password-login">
          {t('password:backToLogin')}
        </Link>
      }
    >
      <form className="login-form" noValidate onSubmit={submit} data-testid="find-password-form">
        <PhoneCodeFields
          form={form}
          id={id}
          type="reset"
          testIdPrefix="find"
          onSent={() => setSentTo(phoneKey)}
        />
        <AccountFormFooter
          error={errors.form}
          errorTestId="find-error"
          busy={verify.isPending}
          submitTestId="find-next"
        >
          {t('password:find.next')}
        </AccountFormFooter>
      </form>
    </AccountCard>
  );
}
