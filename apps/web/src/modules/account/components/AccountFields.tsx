import '../registerLocales';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import type { ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AccountErrors,
  type AccountField,
  type AccountValues,
  afterPaste,
  realNameTooLong,
} from '../registration';
import { FormField } from './FormField';

export type UsernameCheck = 'idle' | 'checking' | 'done';

interface AccountFieldsProps {
  id: string;
  values: AccountValues;
  errors: AccountErrors;
  onChange: (patch: Partial<AccountValues>, errors: AccountErrors) => void;
  onBlur: (field: AccountField) => void;
  usernameCheck: UsernameCheck;
  disabled?: boolean;
}

/**
 * The fields of registration step 1 (spec 000 §5): username (at most 14, checked against the server on
 * blur), real name (at most 20; an over-length paste clears the field with an error), email, password
 * (format hint on blur) and its confirmation (cannot be focused before a password exists; cleared whenever
 * the password changes).
 */
export function AccountFields({
  id,
  values,
  errors,
  onChange,
  onBlur,
  usernameCheck,
  disabled,
}: AccountFieldsProps) {
  const { t } = useTranslation();
  const tooLong = { nickName: t('register:rules.realNameTooLong') };

  const pasteRealName = (event: ClipboardEvent<HTMLInputElement>) => {
    const next = afterPaste(event.currentTarget, event.clipboardData.getData('text'));
    if (!realNameTooLong(next)) return;
    event.preventDefault();
    onChange({ nickName: '' }, tooLong);
  };

  const aria = (field: AccountField) => ({
    status: errors[field] ? ('error' as const) : undefined,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <>
      <FormField
        id={`${id}-name`}
        label={t('register:fields.name')}
        error={errors.name}
        help={usernameCheck === 'checking' ? t('register:fields.nameChecking') : undefined}
        errorTestId="perfect-name-error"
      >
        <Input
          id={`${id}-name`}
          size="large"
          autoComplete="username"
          placeholder={t('register:fields.namePlaceholder')}
          maxLength={64}
          value={values.name}
          disabled={disabled}
          onChange={(event) => onChange({ name: event.target.value }, { name: undefined })}
          onBlur={() => onBlur('name')}
          autoFocus
          data-testid="perfect-name"
          {...aria('name')}
        />
      </FormField>
      <FormField
        id={`${id}-nickName`}
        label={t('register:fields.nickName')}
        error={errors.nickName}
        errorTestId="perfect-nickname-error"
      >
        <Input
          id={`${id}-nickName`}
          size="large"
          autoComplete="name"
          placeholder={t('register:fields.nickNamePlaceholder')}
          maxLength={20}
          value={values.nickName}
          disabled={disabled}
          onPaste={pasteRealName}
          onChange={(event) => {
            const value = event.target.value;
            if (realNameTooLong(value)) onChange({ nickName: '' }, tooLong);
            else onChange({ nickName: value }, { nickName: undefined });
          }}
          onBlur={() => onBlur('nickName')}
          data-testid="perfect-nickname"
          {...aria('nickName')}
        />
      </FormField>
      <FormField
        id={`${id}-email`}
        label={t('register:fields.email')}
        error={errors.email}
        errorTestId="perfect-email-error"
      >
        <Input
          id={`${id}-email`}
          size="large"
          type="email"
          autoComplete="email"
          placeholder={t('register:fields.emailPlaceholder')}
          maxLength={254}
          value={values.email}
          disabled={disabled}
          onChange={(event) => onChange({ email: event.target.value }, { email: undefined })}
          onBlur={() => onBlur('email')}
          data-testid="perfect-email"
          {...aria('email')}
        />
      </FormField>
      <PasswordPair
        id={id}
        values={values}
        errors={errors}
        onChange={onChange}
        onBlur={onBlur}
        disabled={disabled}
      />
    </>
  );
}

interface PasswordPairProps {
  id: string;
  values: Pick<AccountValues, 'password' | 'confirm'>;
  errors: AccountErrors;
  onChange: (patch: Partial<AccountValues>, errors: AccountErrors) => void;
  onBlur: (field: 'password' | 'confirm') => void;
  disabled?: boolean;
  /** Labels of the reset screen ("new password"). */
  labels?: { password: string; confirm: string };
  testIdPrefix?: string;
}

/**
 * Password + confirmation (spec 000 §5): the format hint shows on blur; the confirmation is disabled (so it
 * cannot be focused) until a password exists, and is cleared whenever the password changes.
 */
export function PasswordPair({
  id,
  values,
  errors,
  onChange,
  onBlur,
  disabled,
  labels,
  testIdPrefix = 'perfect',
}: PasswordPairProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        id={`${id}-password`}
        label={labels?.password ?? t('register:fields.password')}
        error={errors.password}
        errorTestId={`${testIdPrefix}-password-error`}
      >
        <Password
          id={`${id}-password`}
          size="large"
          autoComplete="new-password"
          placeholder={t('register:fields.passwordPlaceholder')}
          maxLength={16}
          value={values.password}
          disabled={disabled}
          status={errors.password ? 'error' : undefined}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
          onChange={(event) =>
            onChange(
              { password: event.target.value, confirm: '' },
              { password: undefined, confirm: undefined },
            )
          }
          onBlur={() => onBlur('password')}
          data-testid={`${testIdPrefix}-password`}
        />
      </FormField>
      <FormField
        id={`${id}-confirm`}
        label={labels?.confirm ?? t('register:fields.confirm')}
        error={errors.confirm}
        errorTestId={`${testIdPrefix}-confirm-error`}
      >
        <Password
          id={`${id}-confirm`}
          size="large"
          autoComplete="new-password"
          placeholder={t('register:fields.confirmPlaceholder')}
          maxLength={16}
          value={values.confirm}
          disabled={disabled || values.password === ''}
          status={errors.confirm ? 'error' : undefined}
          aria-invalid={errors.confirm ? true : undefined}
          aria-describedby={errors.confirm ? `${id}-confirm-error` : undefined}
          onChange={(event) => onChange({ confirm: event.target.value }, { confirm: undefined })}
          onBlur={() => onBlur('confirm')}
          data-testid={`${testIdPrefix}-confirm`}
        />
      </FormField>
    </>
  );
}
