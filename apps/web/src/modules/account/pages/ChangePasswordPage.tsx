import '../passwordLocales';
import '../registerLocales';
import {
  type AccountRuleKey,
  PASSWORD_MAX_LENGTH,
  passwordChangeSchema,
  validatePassword,
  validatePasswordConfirmation,
} from '@lintel/contracts/account';
import { Button, Input } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { afterLoginPath } from '../../../app/guards';
import { LOGIN_PATH } from '../../../app/routeTable';
import { errorCode, errorMessage, type Translate } from '../../../lib/errors';
import { useChangePassword, useCurrentUser, useLogout } from '../api';
import { AccountCard } from '../components/AccountCard';
import { AccountFormFooter } from '../components/AccountFormFooter';
import { FormField } from '../components/FormField';
import { ruleText } from '../registration';

type Field = 'oldPassword' | 'password' | 'confirm';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const UNCHANGED = 'password:change.unchanged';
const OLD_REQUIRED = 'password:change.oldRequired';

/**
 * The form, as a zod schema built from the contracts' own (the body the server validates, plus the
 * confirmation): the password rules of the contracts (not a common password, not the account's name or
 * phone), and a new password that differs from the generated one. Messages are text keys.
 */
export function changePasswordSchema(user: { name: string; phoneNumber: string }) {
  const text = passwordChangeSchema.shape.password;
  return passwordChangeSchema
    .pick({ password: true })
    .extend({ oldPassword: text, confirm: text })
    .superRefine((values, ctx) => {
      if (!values.oldPassword) ctx.addIssue({ code: 'custom', path: ['oldPassword'], message: OLD_REQUIRED });
      const rule = validatePassword(values.password, { name: user.name, phoneNumber: user.phoneNumber });
      if (rule) ctx.addIssue({ code: 'custom', path: ['password'], message: rule });
      else if (values.password === values.oldPassword)
        ctx.addIssue({ code: 'custom', path: ['password'], message: UNCHANGED });
      const confirm = rule ? null : validatePasswordConfirmation(values.password, values.confirm);
      if (confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: confirm });
    });
}

function errorsOf(user: { name: string; phoneNumber: string }, values: Values, t: Translate): Errors {
  const result = changePasswordSchema(user).safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    if (errors[field]) continue;
    errors[field] = issue.message.startsWith('password:')
      ? t(issue.message)
      : ruleText(issue.message as AccountRuleKey, t);
  }
  return errors;
}

/**
 * /changePassword (issue 17): the first sign-in with a generated password (the first administrator's).
 * The server answers nothing else until the password is changed (403 account.passwordChangeRequired), and the
 * guards send every page here meanwhile. The generated password, then a new one of the user's own, twice;
 * afterwards where a sign-in leads. "Sign out" leaves without changing.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const change = useChangePassword();
  const logout = useLogout();
  const [values, setValues] = useState<Values>({ oldPassword: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});

  if (!user) return null; // the guard sends a visitor to /login

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const found = errorsOf(user, values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const changed = await change.mutateAsync({
        userId: user._id,
        oldPassword: values.oldPassword,
        password: values.password,
      });
      void navigate(afterLoginPath(changed), { replace: true });
    } catch (error) {
      // 104: the current (generated) password is wrong: said on its field; anything else below the form.
      if (errorCode(error) === 104) setErrors({ oldPassword: errorMessage(error, t) });
    }
  };

  const edit = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (change.isError) change.reset();
  };

  const input = (field: Field, label: string, autoComplete: string, help?: string) => (
    <FormField
      id={`${id}-${field}`}
      label={label}
      error={errors[field]}
      help={help}
      errorTestId={`change-password-${field}-error`}
    >
      <Input.Password
        id={`${id}-${field}`}
        size="large"
        autoComplete={autoComplete}
        maxLength={PASSWORD_MAX_LENGTH}
        value={values[field]}
        status={errors[field] ? 'error' : undefined}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        onChange={(event) => edit(field, event.target.value)}
        data-testid={`change-password-${field}`}
      />
    </FormField>
  );

  const failure = change.isError && errorCode(change.error) !== 104;

  return (
    <AccountCard
      title={t('password:change.title')}
      subtitle={t('password:change.subtitle', { name: user.name })}
      testId="change-password-page"
      footer={
        <div className="login-links__row">
          <Button
            type="link"
            className="account-link-button"
            loading={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, { onSettled: () => void navigate(LOGIN_PATH, { replace: true }) })
            }
            data-testid="change-password-logout"
          >
            {t('password:change.logout')}
          </Button>
        </div>
      }
    >
      <form className="login-form" noValidate onSubmit={submit} data-testid="change-password-form">
        {input('oldPassword', t('password:change.old'), 'current-password', t('password:change.oldHelp'))}
        {input('password', t('password:change.new'), 'new-password', t('password:change.hint'))}
        {input('confirm', t('password:change.confirm'), 'new-password')}
        <AccountFormFooter
          error={failure ? t('password:change.failed', { message: errorMessage(change.error, t) }) : null}
          errorTestId="change-password-error"
          busy={change.isPending}
          submitTestId="change-password-submit"
        >
          {t('password:change.submit')}
        </AccountFormFooter>
      </form>
    </AccountCard>
  );
}
