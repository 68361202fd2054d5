import { type KeyboardEvent, useRef } from 'react';
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

/**
 * Switchable tabs when more than one view is live; the name of the only view otherwise. The tabs are our
 * own small WAI-ARIA tab list (arrow keys, Home and End move between tabs) rather than antd's Segmented,
 * which brought its tooltip and motion code — about 22 KB of gzip JS — onto /login.
 */
export function LoginViewSwitch({ views, value, onChange }: LoginViewSwitchProps) {
  const { t } = useTranslation();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  if (views.length < 2 || !views.includes(value)) {
    return (
      <p className="login-view-title" data-testid="login-view-title">
        {t(`login:views.${value}`)}
      </p>
    );
  }
  const select = (index: number) => {
    const view = views[(index + views.length) % views.length]!;
    onChange(view);
    tabs.current[views.indexOf(view)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };
  return (
    <div
      className="login-view-switch"
      role="tablist"
      aria-label={t('login:views.label')}
      data-testid="login-tabs"
    >
      {views.map((view, index) => (
        <button
          key={view}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          type="button"
          role="tab"
          aria-selected={view === value}
          tabIndex={view === value ? 0 : -1}
          className="login-view-switch__tab"
          onClick={() => onChange(view)}
          onKeyDown={(event) => onKeyDown(event, index)}
          data-testid={`login-tab-${view}`}
        >
          {t(`login:views.${view}`)}
        </button>
      ))}
    </div>
  );
}
