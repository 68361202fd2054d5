import '../smsLocales';
import type { User } from '@lintel/contracts/account';
import { DEFAULT_COUNTRY_CODE } from '@lintel/contracts/system';
import { Button } from 'antd';
import Password from 'antd/es/input/Password';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineAlert } from '../../../components/InlineAlert';
import { LockIcon } from '../../../components/icons';
import { useCodeLogin, useDoubleLogin } from '../flowApi';
import { loginErrorMessage } from '../loginError';
import { EMPTY_PHONE, type PhoneValue, phoneProblem } from '../phone';
import { ClauseLinks } from './ClauseLinks';
import { FormField } from './FormField';
import { PhoneInput } from './PhoneInput';
import { SmsCodeField } from './SmsCodeField';

export interface PhoneLoginFormProps {
  /** 'code': phone + SMS code (doubles as the way into registering); 'double': phone + password + code. */
  mode: 'code' | 'double';
  onSignedIn: (user: User) => void;
}

interface Errors {
  phone?: string;
  password?: string;
  code?: string;
}

/**
 * The SMS sign-in views of /login (spec 000 §2, §5), loaded on demand. The phone takes digits only; sending
 * a code needs a valid phone; the code (and in 'double' the password) is required; the submit button is
 * disabled while the country is 86 and the phone does not match. An unregistered phone gets 'phone not
 * registered' with a link to /register from the code button. Enter submits.
 */
export default function PhoneLoginForm({ mode, onSignedIn }: PhoneLoginFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const prefix = mode === 'code' ? 'code-login' : 'double-login';
  const codeLogin = useCodeLogin();
  const doubleLogin = useDoubleLogin();
  const login = mode === 'code' ? codeLogin : doubleLogin;
  const [phone, setPhone] = useState<PhoneValue>(EMPTY_PHONE);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const phoneText = (value: PhoneValue) => {
    const problem = phoneProblem(value);
    return problem ? t(`sms:rules.${problem}`) : undefined;
  };
  const blocked = phone.countryCode === DEFAULT_COUNTRY_CODE && phoneProblem(phone) !== null;

  const edited = (patch: Errors) => {
    setErrors((current) => ({ ...current, ...patch }));
    if (login.isError) login.reset();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const found: Errors = {
      phone: phoneText(phone),
      password: mode === 'double' && !password ? t('login:validation.passwordRequired') : undefined,
      code: code.trim() ? undefined : t('sms:rules.codeRequired'),
    };
    setErrors(found);
    if (found.phone || found.password || found.code) return;
    try {
      const user =
        mode === 'code'
          ? await codeLogin.mutateAsync({ ...phone, code: code.trim() })
          : await doubleLogin.mutateAsync({ ...phone, password, code: code.trim() });
      setPhone(EMPTY_PHONE);
      setPassword('');
      setCode('');
      onSignedIn(user);
    } catch {
      // Shown as the hint below; the fields stay for another try.
    }
  };

  return (
    <form className="login-form" noValidate onSubmit={submit} data-testid={`${prefix}-form`}>
      <FormField
        id={`${id}-phone`}
        label={t('sms:phone.label')}
        error={errors.phone}
        errorTestId={`${prefix}-phone-error`}
      >
        <PhoneInput
          id={`${id}-phone`}
          value={phone}
          onChange={(next) => {
            setPhone(next);
            edited({ phone: errors.phone ? phoneText(next) : undefined });
          }}
          onBlur={() => setErrors((current) => ({ ...current, phone: phoneText(phone) }))}
          error={errors.phone}
          testIdPrefix={`${prefix}-phone`}
        />
      </FormField>
      {mode === 'double' ? (
        <FormField
          id={`${id}-password`}
          label={t('login:form.password')}
          error={errors.password}
          errorTestId={`${prefix}-password-error`}
        >
          <Password
            id={`${id}-password`}
            size="large"
            prefix={<LockIcon />}
            placeholder={t('login:form.passwordPlaceholder')}
            autoComplete="current-password"
            maxLength={128}
            value={password}
            status={errors.password ? 'error' : undefined}
            aria-invalid={errors.password ? true : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              edited({ password: undefined });
            }}
            data-testid={`${prefix}-password`}
          />
        </FormField>
      ) : null}
      <SmsCodeField
        id={`${id}-code`}
        value={code}
        onChange={(next) => {
          setCode(next);
          edited({ code: undefined });
        }}
        phone={phone}
        type="login"
        error={errors.code}
        testIdPrefix={prefix}
      />
      {login.isError ? (
        <InlineAlert
          className="login-form__error"
          type="error"
          message={loginErrorMessage(login.error, t)}
          testId={`${prefix}-error`}
        />
      ) : null}
      <Button
        type="primary"
        size="large"
        htmlType="submit"
        block
        disabled={blocked}
        loading={login.isPending}
        data-testid={`${prefix}-submit`}
      >
        {t('sms:codeLogin.submit')}
      </Button>
      {mode === 'code' ? <p className="account-form__help">{t('sms:codeLogin.hint')}</p> : null}
      <ClauseLinks />
    </form>
  );
}
