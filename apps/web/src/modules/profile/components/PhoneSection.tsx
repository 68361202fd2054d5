import type { User } from '@lintel/contracts/account';
import { Button, Descriptions } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage } from '../../../lib/errors';
import { isHttpError } from '../../../lib/http';
import { useBindPhone } from '../../account/api';
import { FormField } from '../../account/components/FormField';
import { PhoneInput } from '../../account/components/PhoneInput';
import { SmsCodeField } from '../../account/components/SmsCodeField';
import { EMPTY_PHONE, maskPhone, type PhoneValue, phoneProblem } from '../../account/phone';
import {
  EMPTY_REAUTH,
  isReauthError,
  ReauthField,
  type ReauthValue,
  reauthBody,
  reauthProblem,
} from './ReauthField';
import { SectionResult } from './SectionResult';

interface PhoneErrors {
  phone?: string;
  code?: string;
  proof?: string;
}

/**
 * Bind or change the phone: the new number, a code of type bind sent to it, and the proof that it is you
 * (current password, or a code to the current phone; issue 14), then PUT users/{id}/phoneNumber. The new
 * number must differ from the current one. A wrong bind code (106) shows on the code field, a wrong proof
 * on the proof field; a number bound to someone else (409) says so; anything else asks to refresh and retry
 * (spec 000 §8 "Bind phone").
 */
export function PhoneSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const bind = useBindPhone();
  const [phone, setPhone] = useState<PhoneValue>({ ...EMPTY_PHONE, countryCode: user.countryCode || '86' });
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<PhoneErrors>({});
  const [bound, setBound] = useState(0);
  const [proof, setProof] = useState<ReauthValue>(EMPTY_REAUTH);
  const same = phone.phoneNumber === user.phoneNumber && phone.countryCode === user.countryCode;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (bind.isPending) return;
    const problem = phoneProblem(phone);
    const found: PhoneErrors = {};
    if (problem) found.phone = t(`sms:rules.${problem}`);
    else if (same) found.phone = t('accountPage:phone.same');
    if (!code.trim()) found.code = t('sms:rules.codeRequired');
    const missing = reauthProblem(proof, t);
    if (missing) found.proof = missing;
    setErrors(found);
    if (found.phone || found.code || found.proof) return;
    bind.mutate(
      { userId: user._id, ...phone, code: code.trim(), ...reauthBody(proof) },
      {
        onSuccess: () => {
          setCode('');
          setPhone({ ...EMPTY_PHONE, countryCode: phone.countryCode });
          setProof(EMPTY_REAUTH);
          setBound((n) => n + 1); // stops the countdowns (spec 000 §4)
        },
        onError: (error) => {
          if (isReauthError(error)) setErrors({ proof: errorMessage(error, t) });
          else if (errorCode(error) === 106) setErrors({ code: t('accountPage:phone.codeError') });
        },
      },
    );
  };

  const failure =
    bind.isError && errorCode(bind.error) !== 106 && !isReauthError(bind.error)
      ? isHttpError(bind.error) && (bind.error.status === 409 || bind.error.status === 400)
        ? errorMessage(bind.error, t)
        : t('accountPage:phone.failed', { message: errorMessage(bind.error, t) })
      : null;

  return (
    <form className="account-section" noValidate onSubmit={submit} data-testid="account-phone-form">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'current',
            label: t('accountPage:phone.current'),
            children: (
              <span data-testid="account-phone-current">
                {user.phoneNumber
                  ? `+${user.countryCode} ${maskPhone(user.phoneNumber)}`
                  : t('accountPage:phone.none')}
              </span>
            ),
          },
        ]}
      />
      <FormField
        id={`${id}-phone`}
        label={t('accountPage:phone.newPhone')}
        error={errors.phone}
        errorTestId="account-phone-number-error"
      >
        <PhoneInput
          id={`${id}-phone`}
          value={phone}
          onChange={(next) => {
            setPhone(next);
            setErrors({ ...errors, phone: undefined });
            bind.reset();
          }}
          error={errors.phone}
          testIdPrefix="account-phone"
        />
      </FormField>
      <SmsCodeField
        id={`${id}-code`}
        value={code}
        onChange={(next) => {
          setCode(next);
          setErrors({ ...errors, code: undefined });
        }}
        phone={phone}
        type="bind"
        error={errors.code}
        testIdPrefix="account-phone"
        resetKey={bound}
      />
      <ReauthField
        user={user}
        value={proof}
        onChange={(next) => {
          setProof(next);
          setErrors({ ...errors, proof: undefined });
          bind.reset();
        }}
        error={errors.proof}
        testIdPrefix="account-phone"
        resetKey={bound}
      />
      <Button type="primary" htmlType="submit" loading={bind.isPending} data-testid="account-phone-save">
        {user.phoneNumber ? t('accountPage:phone.change') : t('accountPage:phone.bind')}
      </Button>
      <SectionResult
        success={bind.isSuccess ? t('accountPage:phone.saved') : null}
        error={failure}
        testId="account-phone"
      />
    </form>
  );
}
