import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineAlert } from '../../../components/InlineAlert';
import { LockIcon, UserIcon } from '../../../components/icons';
import { type AccountLoginErrors, type AccountLoginValues, validateAccountLogin } from '../loginValidation';

interface AccountLoginFormProps {
  /** Resolves when signed in (the fields are then cleared); rejects to keep them. */
  onSubmit: (values: AccountLoginValues) => Promise<unknown>;
  loading: boolean;
  /** The hint of the last failure, already a display text. */
  error: string | null;
  /** Called on every edit, so a stale hint can go away. */
  onEdit?: () => void;
}

const EMPTY: AccountLoginValues = { name: '', password: '' };

/**
 * Account + password (spec 000 §2, §5): an empty account shows the username prompt, an empty password the
 * password prompt; Enter submits; the button shows the loading state while signing in. Two required fields
 * do not need antd's Form engine (~25 KB gzip on the sign-in screen's critical path): the fields are antd
 * inputs with antd's error status, and the prompts sit where Form.Item puts them.
 */
export function AccountLoginForm({ onSubmit, loading, error, onEdit }: AccountLoginFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<AccountLoginValues>(EMPTY);
  const [errors, setErrors] = useState<AccountLoginErrors>({});

  const messages = {
    name: errors.name ? t('login:validation.nameRequired') : null,
    password: errors.password ? t('login:validation.passwordRequired') : null,
  };

  const change = (field: keyof AccountLoginValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Like antd's Form: once a prompt shows, it follows the field as the user types.
    if (errors[field]) setErrors({ ...errors, [field]: validateAccountLogin(next)[field] });
    onEdit?.();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const found = validateAccountLogin(values);
    setErrors(found);
    if (found.name || found.password) return;
    try {
      await onSubmit(values);
      setValues(EMPTY);
    } catch {
      // The page turns the failure into the hint below; the fields stay for another try.
    }
  };

  return (
    <form className="login-form" noValidate onSubmit={submit} data-testid="login-form">
      <div className="login-form__field">
        <label className="login-form__label" htmlFor={`${id}-name`}>
          {t('login:form.name')}
        </label>
        <Input
          id={`${id}-name`}
          size="large"
          prefix={<UserIcon />}
          placeholder={t('login:form.namePlaceholder')}
          autoComplete="username"
          maxLength={64}
          value={values.name}
          onChange={(event) => change('name', event.target.value)}
          status={messages.name ? 'error' : undefined}
          aria-invalid={messages.name ? true : undefined}
          aria-describedby={messages.name ? `${id}-name-error` : undefined}
          data-testid="login-name"
        />
        {messages.name ? (
          <div
            id={`${id}-name-error`}
            className="login-form__explain"
            role="alert"
            data-testid="login-name-error"
          >
            {messages.name}
          </div>
        ) : null}
      </div>
      <div className="login-form__field">
        <label className="login-form__label" htmlFor={`${id}-password`}>
          {t('login:form.password')}
        </label>
        <Password
          id={`${id}-password`}
          size="large"
          prefix={<LockIcon />}
          placeholder={t('login:form.passwordPlaceholder')}
          autoComplete="current-password"
          maxLength={128}
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          status={messages.password ? 'error' : undefined}
          aria-invalid={messages.password ? true : undefined}
          aria-describedby={messages.password ? `${id}-password-error` : undefined}
          data-testid="login-password"
        />
        {messages.password ? (
          <div
            id={`${id}-password-error`}
            className="login-form__explain"
            role="alert"
            data-testid="login-password-error"
          >
            {messages.password}
          </div>
        ) : null}
      </div>
      {error ? (
        <InlineAlert className="login-form__error" type="error" message={error} testId="login-error" />
      ) : null}
      <Button
        type="primary"
        size="large"
        htmlType="submit"
        block
        loading={loading}
        data-testid="login-submit"
      >
        {t('login:form.submit')}
      </Button>
    </form>
  );
}
