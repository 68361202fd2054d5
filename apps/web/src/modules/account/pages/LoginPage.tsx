import '../locales';
import type { User } from '@lintel/contracts/account';
import { lazy, Suspense, useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { afterLoginPath } from '../../../app/guards';
import { setLoginNotice, useLoginNotice } from '../../../app/session/loginNotice';
import { useLanguage } from '../../../app/useLanguage';
import { InlineAlert } from '../../../components/InlineAlert';
import { PageSpinner } from '../../../components/PageSpinner';
import { productName, useProfile } from '../../system/api';
import { useLogin } from '../api';
import { AccountLoginForm } from '../components/AccountLoginForm';
import { LoginHero } from '../components/LoginHero';
import { LoginLinks } from '../components/LoginLinks';
import {
  LIVE_LOGIN_VIEWS,
  LoginViewSwitch,
  type LoginViewType,
  loginViewFrom,
} from '../components/LoginViewSwitch';
import { loginErrorMessage } from '../loginError';
import type { AccountLoginValues } from '../loginValidation';

/** The SMS views (phone field, country codes, code button) load on demand: /login stays light. */
const loadPhoneLoginForm = () =>
  import('../components/phoneLoginLoader').then((loader) => loader.loadPhoneLoginForm());
const PhoneLoginForm = lazy(loadPhoneLoginForm);

/** Where the third-party passport sign-in starts (a full-page navigation to the server, spec 000 §2). */
export const PASSPORT_AUTHORIZE_URL = '/api/v1/account-service/passport/authorize';
const OAUTH_ERRORS = new Set(['state', 'denied', 'provider', 'disabled']);

/**
 * /login: account sign-in and SMS-code sign-in as tabs, password + SMS code from a link (`?view=` keeps the
 * view in the address), the passport link when the profile enables it, and the reason of a failed
 * third-party sign-in (`?oauthError=`). A signed-in user never sees it (the guard sends them to /home).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const profile = useProfile();
  const product = productName(profile, language);
  const navigate = useNavigate();
  const login = useLogin();
  const notice = useLoginNotice();
  // The query is read by hand: react-router's useSearchParams would add its own code to the first screen.
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const view = loginViewFrom(params.get('view'));
  const oauthError = params.get('oauthError');

  // Switching tabs keeps the page to return to (`next`).
  const setView = (next: LoginViewType) => {
    const query = new URLSearchParams(search);
    if (next === 'account') query.delete('view');
    else query.set('view', next);
    const rest = query.toString();
    void navigate(rest ? `/login?${rest}` : '/login', { replace: true });
  };

  const signedIn = (user: User) => {
    setLoginNotice(null);
    void navigate(afterLoginPath(user, search), { replace: true });
  };

  const submitAccount = async ({ name, password }: AccountLoginValues) => {
    signedIn(await login.mutateAsync({ name: name.trim(), password, rememberMe: false }));
  };

  const error = login.isError ? loginErrorMessage(login.error, t) : null;

  // The hint of a failed sign-in is the server's text in the language of that request: after a switch of
  // language it would stay in the old one, so it goes (the next attempt answers in the new language).
  const clearFailure = useEffectEvent(() => {
    if (login.isError) login.reset();
  });
  const hintLanguage = useRef(language);
  useEffect(() => {
    if (hintLanguage.current === language) return;
    hintLanguage.current = language;
    clearFailure();
  }, [language]);

  // Once the screen is up, fetch the SMS views' code in the background: switching tabs is then instant.
  useEffect(() => {
    const timer = setTimeout(() => void loadPhoneLoginForm().catch(() => undefined), 1500);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className="login-page">
      <LoginHero product={product} />
      <div className="login-panel">
        <section className="login-card" aria-labelledby="login-title">
          <h1 id="login-title" className="login-card__title">
            {t('login:welcome', { product })}
          </h1>
          {notice === 'idleLogout' ? (
            <InlineAlert
              className="login-card__notice"
              type="warning"
              message={t('layout:session.idleLogout')}
              onClose={() => setLoginNotice(null)}
              testId="idle-logout-notice"
            />
          ) : null}
          {oauthError ? (
            <InlineAlert
              className="login-card__notice"
              type="error"
              message={
                OAUTH_ERRORS.has(oauthError)
                  ? t(`login:oauthError.${oauthError}`)
                  : t('login:oauthError.other', { reason: oauthError.slice(0, 40) })
              }
              onClose={() => {
                params.delete('oauthError');
                void navigate({ search: params.toString() }, { replace: true });
              }}
              testId="login-oauth-error"
            />
          ) : null}
          <LoginViewSwitch views={LIVE_LOGIN_VIEWS} value={view} onChange={setView} />
          {view === 'account' ? (
            <AccountLoginForm
              onSubmit={submitAccount}
              loading={login.isPending}
              error={error}
              onEdit={() => {
                if (login.isError) login.reset();
              }}
            />
          ) : (
            <Suspense fallback={<PageSpinner />}>
              <PhoneLoginForm key={view} mode={view} onSignedIn={signedIn} />
            </Suspense>
          )}
          <div className="login-links__row login-links__views">
            {view === 'double' ? (
              <Link to="/login" replace data-testid="login-link-back">
                {t('login:views.backToLogin')}
              </Link>
            ) : (
              <Link to="/login?view=double" replace data-testid="login-link-double">
                {t('login:views.toDouble')}
              </Link>
            )}
            {profile.passportLogin ? (
              <a href={PASSPORT_AUTHORIZE_URL} data-testid="login-passport">
                {t('login:links.passport')}
              </a>
            ) : null}
          </div>
          <LoginLinks />
        </section>
      </div>
    </div>
  );
}
