import {
  PASSWORD_MAX_LENGTH,
  type User,
  validatePassword,
  validatePasswordConfirmation,
} from '@lintel/contracts/account';
import { Button, Input } from 'antd';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage } from '../../../lib/errors';
import { useChangePassword } from '../../account/api';
import { FormField } from '../../account/components/FormField';
import { ruleMessage } from '../ruleMessage';
import { SectionResult } from './SectionResult';

type Field = 'oldPassword' | 'password' | 'confirm';
type Values = Record<Field, string>;

const EMPTY: Values = { oldPassword: '', password: '', confirm: '' };

/**
 * Change the password with the old one (PUT users/{id}/password?verify=true). The new one follows the
 * password rules (spec 000 §5; not a common password, not containing the account name or phone: issue 14),
 * with the format hint on blur; the confirmation
 * cannot be filled before the password and is cleared when the password changes. The server then ends the
 * user's other sessions; this one stays, and the success message says so.
 */
export function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const change = useChangePassword();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const rules = (next: Values): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!next.oldPassword) found.oldPassword = t('accountPage:password.oldRequired');
    const password = validatePassword(next.password, { name: user.name, phoneNumber: user.phoneNumber });
    if (password) found.password = ruleMessage(password, t);
    const confirm = validatePasswordConfirmation(next.password, next.confirm);
    if (!password && confirm) found.confirm = ruleMessage(confirm, t);
    return found;
  };

  const edit = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    if (field === 'password') next.confirm = '';
    setValues(next);
    setErrors({ ...errors, [field]: undefined, ...(field === 'password' ? { confirm: undefined } : {}) });
    change.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const found = rules(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    change.mutate(
      { userId: user._id, oldPassword: values.oldPassword, password: values.password },
      {
        onSuccess: () => setValues(EMPTY),
        onError: (error) => {
          // 104: the old password is wrong; the server's message goes on that field.
          if (errorCode(error) === 104) setErrors({ oldPassword: errorMessage(error, t) });
        },
      },
    );
  };

  const item = (field: Field, label: string, control: ReactNode, help?: string) => (
    <FormField
      id={`${id}-${field}`}
      label={label}
      error={errors[field]}
      help={help}
      errorTestId={`account-password-${field}-error`}
    >
      {control}
    </FormField>
  );

  /** antd's error look and the link to the message, for each password input. */
  const state = (field: Field) =>
    errors[field]
      ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` }
      : {};

  const failure = change.isError && errorCode(change.error) !== 104;

  return (
    <form className="account-section" noValidate onSubmit={submit} data-testid="account-password-form">
      {item(
        'oldPassword',
        t('accountPage:password.old'),
        <Input.Password
          id={`${id}-oldPassword`}
          {...state('oldPassword')}
          autoComplete="current-password"
          maxLength={128}
          value={values.oldPassword}
          onChange={(event) => edit('oldPassword', event.target.value)}
          data-testid="account-password-old"
        />,
      )}
      {item(
        'password',
        t('accountPage:password.new'),
        <Input.Password
          id={`${id}-password`}
          {...state('password')}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={values.password}
          onChange={(event) => edit('password', event.target.value)}
          onBlur={() => {
            const key = values.password
              ? validatePassword(values.password, { name: user.name, phoneNumber: user.phoneNumber })
              : null;
            if (key) setErrors({ ...errors, password: ruleMessage(key, t) });
          }}
          data-testid="account-password-new"
        />,
        t('accountPage:password.hint'),
      )}
      {item(
        'confirm',
        t('accountPage:password.confirm'),
        <Input.Password
          id={`${id}-confirm`}
          {...state('confirm')}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={values.confirm}
          disabled={!values.password}
          onChange={(event) => edit('confirm', event.target.value)}
          data-testid="account-password-confirm"
        />,
      )}
      <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="account-password-save">
        {t('accountPage:password.submit')}
      </Button>
      <SectionResult
        success={change.isSuccess ? t('accountPage:password.saved') : null}
        error={failure ? t('accountPage:password.failed', { message: errorMessage(change.error, t) }) : null}
        testId="account-password"
      />
    </form>
  );
}
