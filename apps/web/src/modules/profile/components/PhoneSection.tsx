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
import { SectionResult } from './SectionResult';

interface PhoneErrors {
  phone?: string;
  code?: string;
}

/**
 * Bind or change the phone: the new number, a code of type bind sent to it, then PUT users/{id}/phoneNumber.
 * The new number must differ from the current one. 106 shows on the code field; a number bound to someone
 * else (409) says so; anything else asks to refresh and retry (spec 000 §8 "Bind phone").
 */
export function PhoneSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const bind = useBindPhone();
  const [phone, setPhone] = useState<PhoneValue>({ ...EMPTY_PHONE, countryCode: user.countryCode || '86' });
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<PhoneErrors>({});
  const [bound, setBound] = useState(0);
  const same = phone.phoneNumber === user.phoneNumber && phone.countryCode === user.countryCode;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (bind.isPending) return;
    const problem = phoneProblem(phone);
    const found: PhoneErrors = {};
    if (problem) found.phone = t(`sms:rules.${problem}`);
    else if (same) found.phone = t('accountPage:phone.same');
    if (!code.trim()) found.code = t('sms:rules.codeRequired');
    setErrors(found);
    if (found.phone || found.code) return;
    bind.mutate(
      { userId: user._id, ...phone, code: code.trim() },
      {
        onSuccess: () => {
          setCode('');
          setPhone({ ...EMPTY_PHONE, countryCode: phone.countryCode });
          setBound((n) => n + 1); // stops the countdown (spec 000 §4)
        },
        onError: (error) => {
          if (errorCode(error) === 106) setErrors({ code: t('accountPage:phone.codeError') });
        },
      },
    );
  };

  const failure =
    bind.isError && errorCode(bind.error) !== 106
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
