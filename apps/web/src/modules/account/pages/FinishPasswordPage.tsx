import '../passwordLocales';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../../app/routeTable';
import { AccountCard } from '../components/AccountCard';
import { PasswordSteps } from '../components/PasswordSteps';
import { clearFlowState, useLeaveAction } from '../flowState';

/** The success picture: a shield with a check mark. */
function SuccessImage({ label }: { label: string }) {
  return (
    <svg
      className="account-finish__image"
      width="96"
      height="96"
      viewBox="0 0 96 96"
      role="img"
      aria-label={label}
    >
      <circle cx="48" cy="48" r="46" fill="#f0f7ff" />
      <path d="M48 18 72 27v18c0 15-10 27-24 32-14-5-24-17-24-32V27z" fill="#1d63d8" />
      <path
        d="m37 48 8 8 15-16"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * /finishPassword (spec 000 §2): the success image, 'Reset successfully!' and 'Login now', which goes to
 * /home (the reset already signed the user in). Needs a finished reset (the guard).
 */
export default function FinishPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clearOnLeave = useLeaveAction(clearFlowState);
  const loginNow = () => {
    clearOnLeave();
    void navigate(HOME_PATH, { replace: true });
  };
  return (
    <AccountCard
      steps={<PasswordSteps page="finish" />}
      title={t('password:finish.title')}
      testId="finish-password-page"
      centered
    >
      <div className="account-finish">
        <SuccessImage label={t('password:finish.imageAlt')} />
        <p className="account-flow__subtitle">{t('password:finish.description')}</p>
        <Button type="primary" size="large" block autoFocus onClick={loginNow} data-testid="finish-login-now">
          {t('password:finish.loginNow')}
        </Button>
      </div>
    </AccountCard>
  );
}
