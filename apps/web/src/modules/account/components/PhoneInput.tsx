import '../smsLocales';
import './sms.css';
import { FALLBACK_COUNTRY_CODES } from '@lintel/contracts/system';
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { useCountryCodes } from '../../system/api';
import { cleanPhoneInput, EMPTY_PHONE, type PhoneValue } from '../phone';

export interface PhoneInputProps {
  value?: PhoneValue;
  onChange: (value: PhoneValue) => void;
  /** Leaving the number field (forms validate on blur). */
  onBlur?: () => void;
  disabled?: boolean;
  /** Test ids: `<prefix>-country` (the code select) and `<prefix>-number` (the number). Default `phone`. */
  testIdPrefix?: string;
  /** The field's error text, when the form found one: marks both parts as invalid. */
  error?: string | null;
  /** id of the number input (a form's <label htmlFor>); its error text gets `<id>-error`. */
  id?: string;
  /** Enter in the number field (forms submit on Enter by themselves; this is for stand-alone use). */
  onPressEnter?: () => void;
  autoFocus?: boolean;
}

/**
 * Country code + phone number (spec 000 §5): the codes of GET system/profile/countryCodes (86 only while
 * they load or when the server has none), the number takes digits only (typed or pasted: anything else is
 * dropped, so a pasted '138-0013-8000' keeps its 11 digits) and at most 11 of them with 86, 15 elsewhere.
 */
export function PhoneInput({
  value = EMPTY_PHONE,
  onChange,
  onBlur,
  disabled,
  testIdPrefix = 'phone',
  error,
  id,
  onPressEnter,
  autoFocus,
}: PhoneInputProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const codes = useCountryCodes().data ?? FALLBACK_COUNTRY_CODES;
  const options = codes.map((country) => ({
    value: country.code,
    label: `+${country.code}`,
    name: language === 'en-US' ? country.nameEn || country.name : country.name || country.nameEn,
  }));
  if (!options.some((option) => option.value === value.countryCode)) {
    options.unshift({ value: value.countryCode, label: `+${value.countryCode}`, name: '' });
  }
  const status = error ? 'error' : undefined;

  return (
    <Space.Compact block className="phone-input">
      <Select
        size="large"
        className="phone-input__country"
        value={value.countryCode}
        options={options}
        disabled={disabled}
        status={status}
        popupMatchSelectWidth={false}
        aria-label={t('sms:phone.countryLabel')}
        optionRender={(option) => (
          <span data-testid={`${testIdPrefix}-country-${option.value}`}>
            {option.label} {option.data.name}
          </span>
        )}
        onChange={(countryCode: string) =>
          onChange({ countryCode, phoneNumber: cleanPhoneInput(value.phoneNumber, countryCode) })
        }
        data-testid={`${testIdPrefix}-country`}
      />
      <Input
        id={id}
        size="large"
        className="phone-input__number"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t('sms:phone.placeholder')}
        value={value.phoneNumber}
        disabled={disabled}
        status={status}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error && id ? `${id}-error` : undefined}
        onChange={(event) =>
          onChange({
            countryCode: value.countryCode,
            phoneNumber: cleanPhoneInput(event.target.value, value.countryCode),
          })
        }
        onBlur={onBlur}
        onPressEnter={onPressEnter}
        data-testid={`${testIdPrefix}-number`}
      />
    </Space.Compact>
  );
}
