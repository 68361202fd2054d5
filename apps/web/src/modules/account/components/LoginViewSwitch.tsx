import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The sign-in views of /login (spec 000 §2): `account` (account + password) and `code` (SMS code, which
 * doubles as the way into registering) are the switchable tabs; `double` (phone + password + SMS code) is
 * reached from a link under them.
 */
export type LoginViewType = 'account' | 'code' | 'double';

/** The tabs, in order. */
export const LIVE_LOGIN_VIEWS: readonly LoginViewType[] = ['account', 'code'];

/** `?view=` of /login → the view; anything else is the account view. */
export function loginViewFrom(param: string | null): LoginViewType {
  return param === 'code' || param === 'double' ? param : 'account';
}

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
  if (props.views.length < 2 || !props.views.includes(props.value)) return title;
  return (
    <Suspense fallback={title}>
      <LoginViewTabs {...props} />
    </Suspense>
  );
}
