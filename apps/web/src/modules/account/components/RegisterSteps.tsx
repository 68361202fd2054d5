import '../registerLocales';
import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The two-step indicator of registration (spec 000 §2): account (/perfectinformation) and contact
 * (/perfectinformationnext).
 */
export function RegisterSteps({ current }: { current: 0 | 1 }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('register:steps.label')} className="account-steps">
      <Steps
        size="small"
        current={current}
        items={[{ title: t('register:steps.account') }, { title: t('register:steps.contact') }]}
        data-testid="register-steps"
      />
    </nav>
  );
}
