import '../registerLocales';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useProfile } from '../../system/api';
import { useClauseVersions } from '../clauses';
import { AccountCard } from '../components/AccountCard';
import { AccountFormFooter } from '../components/AccountFormFooter';
import { ConsentCheckbox } from '../components/ConsentCheckbox';
import { type PhoneCodeErrors, PhoneCodeFields, usePhoneCodeForm } from '../components/PhoneCodeFields';
import { useVerifySmsCode } from '../flowApi';
import { getFlowState, setRegisterFlow } from '../flowState';
import { EMPTY_PHONE, type PhoneValue } from '../phone';
import { smsVerifyFailure } from '../smsErrors';

/** A phone handed over by the SMS sign-in view ("phone not registered" → register), or the flow's own. */
function initialPhone(state: unknown): PhoneValue {
  const given = (state ?? {}) as Partial<PhoneValue>;
  if (typeof given.phoneNumber === 'string' && typeof given.countryCode === 'string') {
    return { phoneNumber: given.phoneNumber, countryCode: given.countryCode };
  }
  const held = getFlowState().register;
  return held ? { phoneNumber: held.phoneNumber, countryCode: held.countryCode } : EMPTY_PHONE;
}

/**
 * /register (spec 000 §2, §4): phone + SMS code of type register, verified with securities?verify=true; the
 * verified phone and code are kept in the flow state for step 1 (/perfectinformation). With the profile's
 * privacy notice on, the consent to the user agreement and privacy policy is required here (issue 17): the
 * versions ticked travel with the flow to POST register, which records them.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const verify = useVerifySmsCode();
  const form = usePhoneCodeForm(() => initialPhone(location.state));
  const { phone, code, errors, setErrors, check } = form;
  const { privacyNotice } = useProfile();
  const versions = useClauseVersions(privacyNotice);
  const [agreed, setAgreed] = useState(false);
  const [consentError, setConsentError] = useState<string | undefined>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    const found: PhoneCodeErrors = check();
    setErrors(found);
    const consentMissing = privacyNotice && !agreed;
    setConsentError(consentMissing ? t('register:consent.required') : undefined);
    if (found.phone || found.code || consentMissing) return;
    // The versions ticked: loaded with the page, or asked for now when that has not answered yet.
    const consent = privacyNotice ? (versions.data ?? (await versions.refetch()).data) : undefined;
    if (privacyNotice && !consent) {
      setErrors({ form: t('register:consent.unavailable') });
      return;
    }
    const body = { ...phone, type: 'register' as const, code: code.trim() };
    try {
      await verify.mutateAsync(body);
    } catch (error) {
      const failure = smsVerifyFailure(error, t);
      setErrors({ [failure.field]: failure.message });
      return;
    }
    setRegisterFlow({
      phoneNumber: phone.phoneNumber,
      countryCode: phone.countryCode,
      code: body.code,
      ...(consent ? { consent } : {}),
    });
    void navigate('/perfectinformation');
  };

  return (
    <AccountCard
      title={t('register:title')}
      subtitle={t('register:subtitle')}
      testId="register-page"
      footer={
        <div className="login-links__row">
          <span>
            {t('register:links.haveAccount')}{' '}
            <Link to="/login" data-testid="register-link-login">
              {t('register:links.login')}
            </Link>
          </span>
          <Link to="/download" data-testid="register-link-download">
            {t('register:links.download')}
          </Link>
        </div>
      }
    >
      <form className="login-form" noValidate onSubmit={submit} data-testid="register-form">
        <PhoneCodeFields form={form} id={id} type="register" testIdPrefix="register" />
        {privacyNotice ? (
          <ConsentCheckbox
            checked={agreed}
            onChange={(value) => {
              setAgreed(value);
              if (value) setConsentError(undefined);
            }}
            error={consentError}
          />
        ) : null}
        <AccountFormFooter
          error={errors.form}
          errorTestId="register-error"
          busy={verify.isPending}
          submitTestId="register-next"
        >
          {t('register:next')}
        </AccountFormFooter>
      </form>
    </AccountCard>
  );
}
