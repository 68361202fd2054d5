import '../locales';
import '../bind.css';
import { Alert, Button, Input } from 'antd';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '../../../app/routeTable';
import { useLanguage } from '../../../app/useLanguage';
import { AccountCard } from '../../account/components/AccountCard';
import { FormField } from '../../account/components/FormField';
import { productName, useProfile } from '../../system/api';
import { PASSPORT_PLATFORM, thirdPartyBindError, usePassportLogin } from '../api';
import { parseThirdparty } from '../thirdparty';

type Field = 'account' | 'password';

/**
 * /bind/account (spec 000 §2 "Third-party binding screens"): a passport identity the product does not know
 * yet is bound to a product account. The platform account comes read-only from the `thirdparty` query (a
 * JSON object, see thirdparty.ts); the user gives the product account and password (请输入账号 / 请输入密码
 * when empty); POST passport_login binds and signs in, then /home. Register and download open in a new tab,
 * so the pending binding stays on this one.
 */
export default function BindAccountPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const { search } = useLocation();
  const identity = useMemo(() => parseThirdparty(search), [search]);
  const product = productName(useProfile(), useLanguage());
  const bind = usePassportLogin();
  const [values, setValues] = useState<Record<Field, string>>({ account: '', password: '' });
  const [missing, setMissing] = useState<Partial<Record<Field, boolean>>>({});

  if (!identity) {
    return (
      <AccountCard title={t('bind:thirdParty.invalidTitle')} testId="bind-account-page">
        <Alert
          type="error"
          showIcon
          title={t('bind:thirdParty.invalidDescription')}
          data-testid="bind-account-invalid"
        />
        <Button
          className="bind-page__back"
          type="primary"
          block
          size="large"
          onClick={() => void navigate(LOGIN_PATH)}
          data-testid="bind-account-back"
        >
          {t('bind:thirdParty.backToLogin')}
        </Button>
      </AccountCard>
    );
  }

  const edit = (field: Field, value: string) => {
    setValues({ ...values, [field]: value });
    if (missing[field]) setMissing({ ...missing, [field]: value.trim() === '' });
    if (bind.isError) bind.reset();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (bind.isPending) return;
    const found = { account: values.account.trim() === '', password: values.password === '' };
    setMissing(found);
    if (found.account || found.password) return;
    try {
      await bind.mutateAsync({
        platform: PASSPORT_PLATFORM,
        yzAccount: values.account.trim(),
        yzPassword: values.password,
        thirdpartyAccount: identity.thirdpartyAccount,
        ticket: identity.ticket,
      });
      void navigate(HOME_PATH, { replace: true });
    } catch {
      // shown below from the mutation's error
    }
  };

  /** antd's error look and the link to the message, for an empty required input. */
  const state = (field: Field) =>
    missing[field]
      ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` }
      : {};

  return (
    <AccountCard
      title={t('bind:thirdParty.title')}
      subtitle={t('bind:thirdParty.subtitle', { product })}
      testId="bind-account-page"
      footer={
        <div className="login-links__row">
          <span>
            {t('bind:thirdParty.noAccount')}{' '}
            <a href="/register" target="_blank" rel="noopener noreferrer" data-testid="bind-account-register">
              {t('bind:thirdParty.register')}
            </a>
          </span>
          <a href="/download" target="_blank" rel="noopener noreferrer" data-testid="bind-account-download">
            {t('bind:thirdParty.download')}
          </a>
        </div>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} data-testid="bind-account-form">
        <FormField id={`${id}-platform`} label={t('bind:thirdParty.platformAccount')}>
          <Input
            id={`${id}-platform`}
            size="large"
            value={identity.thirdpartyAccount}
            readOnly
            variant="filled"
            data-testid="bind-platform-account"
          />
        </FormField>
        <FormField
          id={`${id}-account`}
          label={t('bind:thirdParty.account')}
          error={missing.account ? t('bind:thirdParty.accountRequired') : null}
          errorTestId="bind-account-account-error"
        >
          <Input
            id={`${id}-account`}
            size="large"
            autoComplete="username"
            maxLength={64}
            placeholder={t('bind:thirdParty.accountPlaceholder')}
            value={values.account}
            onChange={(event) => edit('account', event.target.value)}
            {...state('account')}
            data-testid="bind-account-name"
          />
        </FormField>
        <FormField
          id={`${id}-password`}
          label={t('bind:thirdParty.password')}
          error={missing.password ? t('bind:thirdParty.passwordRequired') : null}
          errorTestId="bind-account-password-error"
        >
          <Input.Password
            id={`${id}-password`}
            size="large"
            autoComplete="current-password"
            maxLength={128}
            placeholder={t('bind:thirdParty.passwordPlaceholder')}
            value={values.password}
            onChange={(event) => edit('password', event.target.value)}
            {...state('password')}
            data-testid="bind-account-password"
          />
        </FormField>
        {bind.isError ? (
          <Alert
            className="bind-page__alert"
            type="error"
            showIcon
            title={thirdPartyBindError(bind.error, t)}
            data-testid="bind-account-error"
          />
        ) : null}
        <Button
          type="primary"
          size="large"
          htmlType="submit"
          block
          loading={bind.isPending}
          data-testid="bind-account-submit"
        >
          {t('bind:thirdParty.submit')}
        </Button>
      </form>
    </AccountCard>
  );
}
