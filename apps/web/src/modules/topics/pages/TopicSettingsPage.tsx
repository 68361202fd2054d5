import '../locales';
import '../topics.css';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { useCurrentUser } from '../../account/api';
import { useCurrentProject, useProjectAdmin, WorkbenchLayout } from '../../workbench/index';
import { SettingList } from '../components/SettingList';
import { topicsPath } from '../paths';

/** /projects/:projectId/topics/settings — the species and subcontracts problems are filed under (admins). */
export default function TopicSettingsPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <TopicSettings />
      </WorkbenchLayout>
    </App>
  );
}

function TopicSettings() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { projectId, project } = useCurrentProject();
  // Asked here too (the context only says true or not yet): "no rights" must not flash while it loads.
  const admin = useProjectAdmin(project, user?._id);
  const back = (
    <Link to={topicsPath(projectId)} data-testid="topic-back">
      <ArrowLeftOutlined /> {t('topics:action.back')}
    </Link>
  );

  if (admin.isPending) return <PageSpinner />;
  if (admin.data !== true) {
    return (
      <Result
        status="403"
        title={t('topics:settings.noRight')}
        subTitle={t('topics:settings.noRightHint')}
        extra={back}
        data-testid="topic-settings-no-right"
      />
    );
  }
  return (
    <div className="topic-settings" data-testid="topic-settings">
      <div className="topic-detail__nav">{back}</div>
      <Typography.Title level={3}>{t('topics:settings.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('topics:settings.hint')}</Typography.Paragraph>
      <div className="topic-settings__lists">
        <SettingList projectId={projectId} kind="species" />
        <SettingList projectId={projectId} kind="subcontracts" />
      </div>
    </div>
  );
}
