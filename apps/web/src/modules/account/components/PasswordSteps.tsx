import '../passwordLocales';
import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The page values of the forgot-password header (spec 000 §2): find, reset, finish. */
export type PasswordStep = 'find' | 'reset' | 'finish';
const ORDER: readonly PasswordStep[] = ['find', 'reset', 'finish'];

/** The three-step header: verify account, reset password, complete. */
export function PasswordSteps({ page }: { page: PasswordStep }) {
  const { t } = useTranslation();
  const current = ORDER.indexOf(page);
  return (
    <nav aria-label={t('password:steps.label')} className="account-steps">
      <Steps
        size="small"
        current={current}
        status={page === 'finish' ? 'finish' : 'process'}
        items={ORDER.map((step) => ({ title: t(`password:steps.${step}`) }))}
        data-testid={`password-steps-${page}`}
      />
    </nav>
  );
}
