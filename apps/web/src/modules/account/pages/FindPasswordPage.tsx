import '../passwordLocales';
import { Button } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { InlineAlert } from '../../../components/InlineAlert';
import { AccountCard } from '../components/AccountCard';
import { FormField } from '../components/FormField';
import { PasswordSteps } from '../components/PasswordSteps';
import { PhoneInput } from '../components/PhoneInput';
import { SmsCodeField } from '../components/SmsCodeField';
import { useVerifySmsCode } from '../flowApi';
import { setResetFlow } from '../flowState';
import { EMPTY_PHONE, type PhoneValue, phoneProblem } from '../phone';
import { smsVerifyFailure } from '../smsErrors';

interface Errors {
  phone?: string;
  code?: string;
  form?: string;
}

/**
 * /findPassword, step 1 "verify account" (spec 000 §2, §4): country code, phone and an SMS code of type reset
 * (sending it answers the account's id; an unregistered phone gets 'phone not registered'), verified with
 * securities?verify=true; the account, phone and code go to the flow state for /resetPassword.
 */
export default function FindPasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const verify = useVerifySmsCode();
  const [phone, setPhone] = useState<PhoneValue>(EMPTY_PHONE);
  const [code, setCode] = useState('');
  /** The account the last code was sent for, with the phone it went to. */
  const [account, setAccount] = useState<{ userId: string; phone: string } | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const phoneKey = `${phone.countryCode} ${phone.phoneNumber}`;
  const phoneText = (value: PhoneValue) => {
    const problem = phoneProblem(value);
    return problem ? t(`sms:rules.${problem}`) : undefined;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    const found: Errors = {
      phone: phoneText(phone),
      code: code.trim() ? undefined : t('sms:rules.codeRequired'),
    };
    if (!found.phone && !found.code && account?.phone !== phoneKey) found.code = t('password:find.needCode');
    setErrors(found);
    if (found.phone || found.code || !account) return;
    try {
      await verify.mutateAsync({ ...phone, type: 'reset', code: code.trim() });
    } catch (error) {
      const failure = smsVerifyFailure(error, t);
      setErrors({ [failure.field]: failure.message });
      return;
    }
    setResetFlow({ userId: account.userId, ...phone, code: code.trim() });
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
        <FormField
          id={`${id}-phone`}
          label={t('sms:phone.label')}
          error={errors.phone}
          errorTestId="find-phone-error"
        >
          <PhoneInput
            id={`${id}-phone`}
            value={phone}
            onChange={(next) => {
              setPhone(next);
              setErrors((current) => ({
                ...current,
                phone: current.phone ? phoneText(next) : undefined,
                form: undefined,
              }));
            }}
            onBlur={() => setErrors((current) => ({ ...current, phone: phoneText(phone) }))}
            error={errors.phone}
            testIdPrefix="find-phone"
            autoFocus
          />
        </FormField>
        <SmsCodeField
          id={`${id}-code`}
          value={code}
          onChange={(next) => {
            setCode(next);
            setErrors((current) => ({ ...current, code: undefined, form: undefined }));
          }}
          phone={phone}
          type="reset"
          error={errors.code}
          onSent={(answer) => {
            if (answer.userId) setAccount({ userId: answer.userId, phone: phoneKey });
          }}
          testIdPrefix="find"
        />
        {errors.form ? (
          <InlineAlert className="login-form__error" type="error" message={errors.form} testId="find-error" />
        ) : null}
        <Button
          type="primary"
          size="large"
          htmlType="submit"
          block
          loading={verify.isPending}
          data-testid="find-next"
        >
          {t('password:find.next')}
        </Button>
      </form>
    </AccountCard>
  );
}
