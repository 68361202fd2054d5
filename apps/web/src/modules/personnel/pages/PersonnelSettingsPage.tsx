import '../locales';
import '../personnel.css';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Result, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { lazyComponent } from '../../../lib/lazyComponent';
import { useCurrentUser } from '../../account/api';
import { useCurrentProject, useProjectAdmin, WorkbenchLayout } from '../../workbench/index';
import { personnelPath } from '../paths';
import { UnitsTab } from '../settings/UnitsTab';

// Every tab but the first (units) loads when it is first opened: each brings its own editors.
const CraftsTab = lazyComponent(() => import('../settings/CraftsTab').then((module) => module.CraftsTab));
const RulesTab = lazyComponent(() => import('../settings/RulesTab').then((module) => module.RulesTab));
const ViolationsTab = lazyComponent(() =>
  import('../settings/ViolationsTab').then((module) => module.ViolationsTab),
);
const DayOffsTab = lazyComponent(() => import('../settings/DayOffsTab').then((module) => module.DayOffsTab));

const TABS = ['units', 'crafts', 'rules', 'violations', 'dayOffs'] as const;
type SettingsTab = (typeof TABS)[number];

/** /projects/:projectId/personnel/settings — units, crafts, attendance rules, violations, day-offs (admins). */
export default function PersonnelSettingsPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <PersonnelSettings />
      </WorkbenchLayout>
    </App>
  );
}

function PersonnelSettings() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { projectId, project } = useCurrentProject();
  // Asked here too (the context only says true or not yet): "no rights" must not flash while it loads.
  const admin = useProjectAdmin(project, user?._id);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as SettingsTab | null;
  const tab: SettingsTab = asked && TABS.includes(asked) ? asked : 'units';
  const back = (
    <Link to={personnelPath(projectId)} data-testid="personnel-back">
      <ArrowLeftOutlined /> {t('personnel:action.back')}
    </Link>
  );

  if (admin.isPending) return <PageSpinner />;
  if (admin.data !== true) {
    return (
      <Result
        status="403"
        title={t('personnel:settings.noRight')}
        subTitle={t('personnel:settings.noRightHint')}
        extra={back}
        data-testid="personnel-settings-no-right"
      />
    );
  }
  const panes: Record<SettingsTab, ReactNode> = {
    units: <UnitsTab projectId={projectId} />,
    crafts: <CraftsTab projectId={projectId} />,
    rules: <RulesTab projectId={projectId} />,
    violations: <ViolationsTab projectId={projectId} />,
    dayOffs: <DayOffsTab projectId={projectId} />,
  };
  return (
    <div className="personnel-settings" data-testid="personnel-settings-page">
      <div className="personnel__nav">{back}</div>
      <Typography.Title level={3}>{t('personnel:settings.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('personnel:settings.hint')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'units' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={TABS.map((key) => ({
          key,
          label: (
            <span data-testid={`personnel-settings-tab-${key}`}>{t(`personnel:settings.tab.${key}`)}</span>
          ),
          children: panes[key],
        }))}
      />
    </div>
  );
}
