import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The view types of the sign-in screen (spec 000 §2). `account` is live. `code` (SMS-code login, which
 * doubles as registration) and `double` (password + SMS code) plug in here once the server accepts
 * `POST login?code=true` / `?double=true`: add them to LIVE_LOGIN_VIEWS and render their forms in LoginPage.
 */
export type LoginViewType = 'account' | 'code' | 'double';

/** The views offered now, in tab order. */
export const LIVE_LOGIN_VIEWS: readonly LoginViewType[] = ['account'];

export interface LoginViewSwitchProps {
  views: readonly LoginViewType[];
  value: LoginViewType;
  onChange: (view: LoginViewType) => void;
}

const LoginViewTabs = lazy(() => import('./LoginViewTabs'));

/** Switchable tabs when more than one view is live; the name of the only view otherwise. */
export function LoginViewSwitch(props: LoginViewSwitchProps) {
  const { t } = useTranslation();
  const title = (
    <p className="login-view-title" data-testid="login-view-title">
      {t(`login:views.${props.value}`)}
    </p>
  );
  if (props.views.length < 2) return title;
  return (
    <Suspense fallback={title}>
      <LoginViewTabs {...props} />
    </Suspense>
  );
}
