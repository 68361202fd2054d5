import '../locales';
import '../components/ClausesTab.locales';
import { LoginOutlined } from '@ant-design/icons';
import { Button, Card, Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyComponent } from '../../../lib/lazyComponent';
import { useCurrentUser } from '../../account/api';
import { UsersTab } from '../components/UsersTab';

// The audit log loads when it is first opened.
const AuditTab = lazyComponent(() => import('../components/AuditTab').then((module) => module.AuditTab));
// The enterprises tab loads when it is first opened.
const EnterprisesTab = lazyComponent(() =>
  import('../components/EnterprisesTab').then((module) => module.EnterprisesTab),
);
// The user agreement and privacy policy tab (issue 17) loads when it is first opened (its label's texts now).
const ClausesTab = lazyComponent(() =>
  import('../components/ClausesTab').then((module) => module.ClausesTab),
);
// The branding (OEM profile) tab loads when it is first opened.
const BrandingTab = lazyComponent(() =>
  import('../components/BrandingTab').then((module) => module.BrandingTab),
);

/**
 * /system, for system administrators: user search and the non-trial enterprises. The route needs no login
 * (spec 000 §2): a visitor sees a sign-in prompt, any other user a clear "no permission".
 */
export default function SystemPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  if (!user) {
    return (
      <div className="page">
        <Result
          status="info"
          title={t('system:title')}
          subTitle={t('system:visitor')}
          data-testid="system-visitor"
          extra={
            <Button type="primary" icon={<LoginOutlined />} onClick={() => void navigate('/login')}>
              {t('system:signIn')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!user.isSystemAdmin) {
    return (
      <div className="page">
        <Result
          status="403"
          title={t('system:denied.title')}
          subTitle={t('system:denied.description')}
          data-testid="system-no-permission"
          extra={
            <Button type="primary" onClick={() => void navigate('/home')}>
              {t('system:denied.home')}
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className="page" data-testid="system-page">
      <Card title={t('system:title')} variant="borderless">
        <Tabs
          items={[
            {
              key: 'users',
              label: <span data-testid="system-tab-users">{t('system:tab.users')}</span>,
              children: <UsersTab />,
            },
            {
              key: 'enterprises',
              label: <span data-testid="system-tab-enterprises">{t('system:tab.enterprises')}</span>,
              children: <EnterprisesTab />,
            },
            {
              key: 'audit',
              label: <span data-testid="system-tab-audit">{t('system:tab.audit')}</span>,
              children: <AuditTab />,
            },
            {
              key: 'branding',
              label: <span data-testid="system-tab-branding">{t('system:tab.branding')}</span>,
              children: <BrandingTab />,
            },
            {
              key: 'clauses',
              label: <span data-testid="system-tab-clauses">{t('systemClauses:tab')}</span>,
              children: <ClausesTab />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
