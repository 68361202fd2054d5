import '../locales';
import '../models.css';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Result, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { UnsavedChangesProvider } from '../../../components/UnsavedChanges';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { useModelRight } from '../api';
import { modelsPath } from '../paths';
import { AttributeDisplayTab } from '../settings/AttributeDisplayTab';
import { ModelTagsTab } from '../settings/ModelTagsTab';
import { NamedSettingsTab } from '../settings/NamedSettingsTab';

const TABS = ['model-tags', 'viewport-tags', 'selection-set-groups', 'attribute-display'] as const;
type TabKey = (typeof TABS)[number];

/**
 * /projects/:projectId/models/settings — model tags, viewport tags, selection-set groups and the component
 * attribute display; for project admins and holders of the models' edit right.
 */
export default function ModelSettingsPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        {/* Leaving with an unsaved attribute display asks first. */}
        <UnsavedChangesProvider>
          <ModelSettings />
        </UnsavedChangesProvider>
      </WorkbenchLayout>
    </App>
  );
}

function ModelSettings() {
  const { t } = useTranslation();
  const { projectId, isAdmin } = useCurrentProject();
  const edit = useModelRight(projectId, 'edit');
  const [params] = useSearchParams();
  // The address may name the first tab (`?tab=attribute-display`); switching is local: the tabs stay
  // mounted, so an unsaved attribute display survives a look at the tags (and the leave guard never asks).
  const [tab, setTab] = useState<TabKey>(() =>
    (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TabKey) : TABS[0],
  );
  const back = (
    <Link to={modelsPath(projectId)} data-testid="model-settings-back">
      <ArrowLeftOutlined /> {t('models:settings.back')}
    </Link>
  );

  if (!isAdmin && edit.isPending) return <PageSpinner />;
  if (!isAdmin && edit.data !== true) {
    return (
      <Result
        status="403"
        title={t('models:settings.noRight')}
        subTitle={t('models:settings.noRightHint')}
        extra={back}
        data-testid="model-settings-no-right"
      />
    );
  }
  const panes: Record<TabKey, ReactNode> = {
    'model-tags': <ModelTagsTab projectId={projectId} />,
    'viewport-tags': <NamedSettingsTab projectId={projectId} kind="viewport-tags" />,
    'selection-set-groups': <NamedSettingsTab projectId={projectId} kind="selection-set-groups" />,
    'attribute-display': <AttributeDisplayTab projectId={projectId} />,
  };
  return (
    <div className="models-settings" data-testid="model-settings">
      <div className="models-settings__nav">{back}</div>
      <Typography.Title level={3} className="project-page__title">
        {t('models:settings.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('models:settings.hint')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={TABS.map((key) => ({
          key,
          label: <span data-testid={`model-settings-tab-${key}`}>{t(`models:settings.tab.${key}`)}</span>,
          children: panes[key],
        }))}
      />
    </div>
  );
}
