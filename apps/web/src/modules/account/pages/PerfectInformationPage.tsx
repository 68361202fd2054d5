import '../registerLocales';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AccountCard } from '../components/AccountCard';
import { AccountFields, type UsernameCheck } from '../components/AccountFields';
import { AccountFormFooter } from '../components/AccountFormFooter';
import { RegisterSteps } from '../components/RegisterSteps';
import { SmsCodeField } from '../components/SmsCodeField';
import { checkRegistered, useRegister } from '../flowApi';
import { setRegisterFlow, useFlowState, useLeaveAction } from '../flowState';
import { maskPhone } from '../phone';
import {
  type AccountErrors,
  type AccountField,
  type AccountValues,
  accountFieldError,
  EMPTY_ACCOUNT,
  registerFailure,
  validateAccount,
} from '../registration';

const forgetPhone = () => setRegisterFlow(null);

/**
 * /perfectinformation, registration step 1 (spec 000 §2, §4, §5): username, real name, email, password and
 * confirmation; phone and code come from /register (the flow state, which the guard requires). POST register
 * signs the new user in, then step 2 (/perfectinformationnext). A refused code (106) shows on a code field
 * that appears with its own "Get code", so a code that expired meanwhile can be replaced here.
 */
export default function PerfectInformationPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const flow = useFlowState().register;
  const register = useRegister();
  const [values, setValues] = useState<AccountValues>(EMPTY_ACCOUNT);
  const [errors, setErrors] = useState<AccountErrors>({});
  const [usernameCheck, setUsernameCheck] = useState<UsernameCheck>('idle');
  const [formError, setFormError] = useState<string | null>(null);
  const [code, setCode] = useState<{ value: string; error?: string } | null>(null);
  const checkedName = useRef('');
  const forgetPhoneOnLeave = useLeaveAction(forgetPhone);

  if (!flow) return null; // the guard sends a visitor without a verified phone to /login

  const change = (patch: Partial<AccountValues>, fieldErrors: AccountErrors) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, ...fieldErrors }));
    setFormError(null);
  };

  /** The username against the server, once per distinct name (spec 000 §5 "checked on blur"). */
  const checkName = async (name: string) => {
    if (checkedName.current === name) return;
    checkedName.current = name;
    setUsernameCheck('checking');
    try {
      const { exists } = await checkRegistered({ name });
      if (checkedName.current !== name) return;
      if (exists) setErrors((current) => ({ ...current, name: t('register:rules.usernameExists') }));
    } catch {
      checkedName.current = '';
    } finally {
      setUsernameCheck('done');
    }
  };

  const blur = (field: AccountField) => {
    if (field === 'confirm' && values.confirm === '') return;
    const error = accountFieldError(field, values, t);
    setErrors((current) => ({ ...current, [field]: error }));
    if (field === 'name' && !error) void checkName(values.name.trim());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    const found = validateAccount(values, t);
    if (!found.name && errors.name && checkedName.current === values.name.trim()) found.name = errors.name;
    setErrors(found);
    const codeValue = code ? code.value.trim() : flow.code;
    if (code && !codeValue) setCode({ value: '', error: t('sms:rules.codeRequired') });
    if (Object.values(found).some(Boolean) || !codeValue) return;
    try {
      await register.mutateAsync({
        name: values.name.trim(),
        password: values.password,
        nickName: values.nickName.trim(),
        email: values.email.trim(),
        phoneNumber: flow.phoneNumber,
        countryCode: flow.countryCode,
        code: codeValue,
        // The user agreement and privacy policy ticked on /register (issue 17).
        ...(flow.consent ? { consent: flow.consent } : {}),
      });
    } catch (error) {
      const failure = registerFailure(error, t);
      if (failure.usernameTaken)
        setErrors((current) => ({ ...current, name: t('register:rules.usernameExists') }));
      if (failure.field === 'code') setCode({ value: '', error: failure.message });
      else setFormError(failure.message);
      return;
    }
    // Signed in: on to step 2. The phone and code of this flow are used up: they go once this page is left.
    forgetPhoneOnLeave();
    void navigate('/perfectinformationnext', { replace: true });
  };

  return (
    <AccountCard
      steps={<RegisterSteps current={0} />}
      title={t('register:step1.title')}
      testId="perfect-page"
      wide
    >
      <div className="account-summary" data-testid="perfect-phone">
        <span>
          {t('register:step1.phoneValue', {
            countryCode: flow.countryCode,
            phone: maskPhone(flow.phoneNumber),
          })}
        </span>
        <Link
          to="/register"
          state={{ phoneNumber: flow.phoneNumber, countryCode: flow.countryCode }}
          data-testid="perfect-change-phone"
        >
          {t('register:step1.changePhone')}
        </Link>
      </div>
      <form className="login-form" noValidate onSubmit={submit} data-testid="perfect-form">
        <AccountFields
          id={id}
          values={values}
          errors={errors}
          onChange={change}
          onBlur={blur}
          usernameCheck={usernameCheck}
        />
        {code ? (
          <SmsCodeField
            id={`${id}-code`}
            label={t('register:fields.code')}
            value={code.value}
            onChange={(value) => setCode({ value })}
            phone={{ phoneNumber: flow.phoneNumber, countryCode: flow.countryCode }}
            type="register"
            error={code.error}
            testIdPrefix="perfect"
          />
        ) : null}
        <AccountFormFooter
          error={formError}
          errorTestId="perfect-error"
          busy={register.isPending}
          submitTestId="perfect-submit"
        >
          {t('register:step1.submit')}
        </AccountFormFooter>
      </form>
    </AccountCard>
  );
}
