import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginViewSwitchProps, LoginViewType } from './LoginViewSwitch';

/** The switchable tabs of the sign-in views; loaded only when more than one view is live. */
export default function LoginViewTabs({ views, value, onChange }: LoginViewSwitchProps) {
  const { t } = useTranslation();
  return (
    <Segmented
      block
      className="login-view-switch"
      aria-label={t('login:views.label')}
      value={value}
      onChange={(next) => onChange(next as LoginViewType)}
      options={views.map((view) => ({
        value: view,
        label: <span data-testid={`login-tab-${view}`}>{t(`login:views.${view}`)}</span>,
      }))}
      data-testid="login-tabs"
    />
  );
}
