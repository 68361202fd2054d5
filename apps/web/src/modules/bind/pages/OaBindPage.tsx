import '../locales';
import '../bind.css';
import { Alert, Button, Input } from 'antd';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '../../../app/routeTable';
import { errorMessage } from '../../../lib/errors';
import { useCurrentUser } from '../../account/api';
import { AccountCard } from '../../account/components/AccountCard';
import { FormField } from '../../account/components/FormField';
import { useOaBind } from '../api';
import { firstQueryValue } from '../thirdparty';

type Field = 'oaName' | 'bimName';

/** How long the success message shows before /home. */
const SUCCESS_MS = 1200;

/**
 * /qweb — the web view an office-automation (OA) system opens to bind its account to a BIM account (spec
 * 000 §2 "Office-automation binding"; DECISION: this screen is /qweb). The OA account is prefilled from the
 * value of the first query parameter (`/qweb?oaName=zhang`), the BIM account with the signed-in user's
 * account name; both are required. Confirm → POST oa/bind → a success message (a moment) → /home;
 * cancel → /home.
 * Only a system administrator binds (issue 14: the OA system vouches for nobody here, and first come,
 * first served let anyone take someone's OA name): a visitor is asked to sign in, anyone else is told to
 * ask an administrator, the form disabled.
 */
export default function OaBindPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const { search } = useLocation();
  const user = useCurrentUser();
  const bind = useOaBind();
  const prefilledOa = useMemo(() => firstQueryValue(search), [search]);
  const [values, setValues] = useState<Record<Field, string>>({
    oaName: prefilledOa,
    bimName: user?.name ?? '',
  });
  const [missing, setMissing] = useState<Partial<Record<Field, boolean>>>({});
  const [done, setDone] = useState(false);
  const mayBind = user?.isSystemAdmin === true;

  // Bound: the success message shows for a moment, then /home.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(HOME_PATH, { replace: true }), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const edit = (field: Field, value: string) => {
    setValues({ ...values, [field]: value });
    if (missing[field]) setMissing({ ...missing, [field]: value.trim() === '' });
    if (bind.isError) bind.reset();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (bind.isPending || done || !mayBind) return;
    const found = { oaName: values.oaName.trim() === '', bimName: values.bimName.trim() === '' };
    setMissing(found);
    if (found.oaName || found.bimName) return;
    try {
      await bind.mutateAsync({ oaName: values.oaName.trim(), bimName: values.bimName.trim() });
    } catch {
      return; // shown below from the mutation's error
    }
    setDone(true);
  };

  const field = (name: Field, label: string, placeholder: string, required: string) => (
    <FormField
      id={`${id}-${name}`}
      label={label}
      error={missing[name] ? required : null}
      errorTestId={`qweb-${name}-error`}
    >
      <Input
        id={`${id}-${name}`}
        size="large"
        maxLength={64}
        placeholder={placeholder}
        value={values[name]}
        disabled={!mayBind || done}
        onChange={(event) => edit(name, event.target.value)}
        status={missing[name] ? 'error' : undefined}
        aria-invalid={missing[name] ? true : undefined}
        aria-describedby={missing[name] ? `${id}-${name}-error` : undefined}
        data-testid={`qweb-${name}`}
      />
    </FormField>
  );

  return (
    <AccountCard title={t('bind:oa.title')} subtitle={t('bind:oa.subtitle')} testId="qweb-page">
      {user ? null : (
        <div className="bind-page__signin" role="alert" data-testid="qweb-visitor">
          {t('bind:oa.signInFirst')}{' '}
          <Link to={LOGIN_PATH} data-testid="qweb-sign-in">
            {t('bind:oa.signIn')}
          </Link>
        </div>
      )}
      {user && !mayBind ? (
        <Alert
          className="bind-page__alert"
          type="info"
          showIcon
          title={t('bind:oa.adminOnly')}
          data-testid="qweb-admin-only"
        />
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)} data-testid="qweb-form">
        {field('oaName', t('bind:oa.oaAccount'), t('bind:oa.oaPlaceholder'), t('bind:oa.oaRequired'))}
        {field('bimName', t('bind:oa.bimAccount'), t('bind:oa.bimPlaceholder'), t('bind:oa.bimRequired'))}
        {bind.isError ? (
          <Alert
            className="bind-page__alert"
            type="error"
            showIcon
            title={t('bind:oa.failed', { message: errorMessage(bind.error, t) })}
            data-testid="qweb-error"
          />
        ) : null}
        {done ? (
          <Alert
            className="bind-page__alert"
            type="success"
            showIcon
            role="status"
            title={t('bind:oa.success')}
            data-testid="qweb-success"
          />
        ) : null}
        <div className="bind-page__actions">
          <Button size="large" onClick={() => void navigate(HOME_PATH)} data-testid="qweb-cancel">
            {t('bind:oa.cancel')}
          </Button>
          <Button
            type="primary"
            size="large"
            htmlType="submit"
            loading={bind.isPending}
            disabled={!mayBind || done}
            data-testid="qweb-confirm"
          >
            {t('bind:oa.confirm')}
          </Button>
        </div>
      </form>
    </AccountCard>
  );
}
