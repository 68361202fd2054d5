import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_PHONE, type PhoneValue, phoneProblem } from '../phone';
import { FormField } from './FormField';
import { PhoneInput } from './PhoneInput';
import { SmsCodeField } from './SmsCodeField';

type SmsCodeFieldProps = Parameters<typeof SmsCodeField>[0];

export interface PhoneCodeErrors {
  phone?: string;
  code?: string;
  form?: string;
}

/**
 * The state of a phone + SMS code form (register, bind phone, find password): the values, the errors shown,
 * and the rules of spec 000 §5 (a valid phone, a code).
 */
export function usePhoneCodeForm(initial: PhoneValue | (() => PhoneValue) = EMPTY_PHONE) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState<PhoneValue>(initial);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<PhoneCodeErrors>({});
  const phoneText = (value: PhoneValue) => {
    const problem = phoneProblem(value);
    return problem ? t(`sms:rules.${problem}`) : undefined;
  };
  /** What is wrong with the two fields as they are; empty fields of the answer mean fine. */
  const check = (): PhoneCodeErrors => ({
    phone: phoneText(phone),
    code: code.trim() ? undefined : t('sms:rules.codeRequired'),
  });
  return { phone, setPhone, code, setCode, errors, setErrors, phoneText, check };
}
export type PhoneCodeForm = ReturnType<typeof usePhoneCodeForm>;

interface PhoneCodeFieldsProps {
  form: PhoneCodeForm;
  id: string;
  type: SmsCodeFieldProps['type'];
  /** Test ids: `<prefix>-phone-…` for the phone, `<prefix>-code`, `<prefix>-send`, … for the code. */
  testIdPrefix: string;
  onSent?: SmsCodeFieldProps['onSent'];
  resetKey?: unknown;
}

/** The phone (with its country code) and the SMS code with its "Get code" button; editing clears errors. */
export function PhoneCodeFields({ form, id, type, testIdPrefix, onSent, resetKey }: PhoneCodeFieldsProps) {
  const { t } = useTranslation();
  const { phone, setPhone, code, setCode, errors, setErrors, phoneText } = form;
  return (
    <>
      <FormField
        id={`${id}-phone`}
        label={t('sms:phone.label')}
        error={errors.phone}
        errorTestId={`${testIdPrefix}-phone-error`}
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
          testIdPrefix={`${testIdPrefix}-phone`}
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
        type={type}
        error={errors.code}
        onSent={onSent}
        resetKey={resetKey}
        testIdPrefix={testIdPrefix}
      />
    </>
  );
}
