import '../locales';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { afterLoginPath } from '../../../app/guards';
import { setLoginNotice, useLoginNotice } from '../../../app/session/loginNotice';
import { useLanguage } from '../../../app/useLanguage';
import { InlineAlert } from '../../../components/InlineAlert';
import { productName, useProfile } from '../../system/api';
import { useLogin } from '../api';
import { AccountLoginForm } from '../components/AccountLoginForm';
import { LoginHero } from '../components/LoginHero';
import { LoginLinks } from '../components/LoginLinks';
import { LIVE_LOGIN_VIEWS, LoginViewSwitch, type LoginViewType } from '../components/LoginViewSwitch';
import { loginErrorMessage } from '../loginError';
import type { AccountLoginValues } from '../loginValidation';

/** /login: the sign-in screen. A signed-in user never sees it (the guard sends them to /home). */
export default function LoginPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const product = productName(useProfile(), language);
  const navigate = useNavigate();
  const login = useLogin();
  const notice = useLoginNotice();
  const [view, setView] = useState<LoginViewType>(LIVE_LOGIN_VIEWS[0] ?? 'account');

  const submitAccount = async ({ name, password }: AccountLoginValues) => {
    const user = await login.mutateAsync({ name: name.trim(), password, rememberMe: false });
    setLoginNotice(null);
    void navigate(afterLoginPath(user), { replace: true });
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
          ) : null}
          <LoginLinks />
        </section>
      </div>
    </div>
  );
}
