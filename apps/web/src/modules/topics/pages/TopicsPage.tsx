import '../locales';
import '../topics.css';
import { DownloadOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { TOPIC_CATEGORIES, type TopicCategory, topicOptionLabel } from '@lintel/contracts/topics';
import { App, Badge, Button, Space, Tabs, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLanguage } from '../../../app/useLanguage';
import { ErrorState } from '../../../components/ErrorState';
import { liveResults } from '../../../components/list/liveResults';
import { MissingRight } from '../../../components/MissingRight';
import { downloadFile } from '../../../lib/download';
import { errorMessage } from '../../../lib/errors';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { exportQuery, useTopicCounts, useTopicRight, useTopics } from '../api';
import { TopicFilterBar } from '../components/TopicFilterBar';
import { TopicTable } from '../components/TopicTable';
import { readFilters, selectionOf, type TopicFilters, writeFilters } from '../filters';
import { newTopicPath, topicSettingsPath } from '../paths';

/** /projects/:projectId/topics — the project's problems, filtered by what the address says. */
export default function TopicsPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <Topics />
      </WorkbenchLayout>
    </App>
  );
}

function Topics() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { projectId, isAdmin } = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const selection = useMemo(() => selectionOf(filters), [filters]);
  const list = useTopics(projectId, filters);
  const counts = useTopicCounts(projectId, selection);
  const canCreate = useTopicRight(projectId, 'create').data;
  const canExport = useTopicRight(projectId, 'export').data === true;
  const [exporting, setExporting] = useState(false);

  const change = useCallback(
    (patch: Partial<TopicFilters>) => {
      setParams((current) => {
        const base = readFilters(current);
        // A new filter starts again at the first page.
        const paging = 'page' in patch || 'pageSize' in patch || 'order' in patch ? {} : { page: 1 };
        return writeFilters({ ...base, ...paging, ...patch });
      });
    },
    [setParams],
  );

  const exportList = async () => {
    setExporting(true);
    try {
      await downloadFile(
        `topic-service/projects/${encodeURIComponent(projectId)}/topics`,
        exportQuery(filters, language),
        t('topics:list.exportName'),
      );
    } catch (error) {
      void message.error(errorMessage(error, t));
    } finally {
      setExporting(false);
    }
  };

  const filtered = Boolean(
    selection.delay || selection.domainId || selection.priority || selection.status || selection.keyword,
  );
  const tabLabel = (category: TopicCategory) => {
    const count = counts.data?.[category];
    return (
      <span data-testid={`topics-tab-${category}`}>
        {topicOptionLabel('categories', category, language)}
        {count !== undefined ? <span className="topics__count">{count}</span> : null}
      </span>
    );
  };

  return (
    <div className="topics" data-testid="topics-page">
      <div className="project-page__head">
        <Space align="center">
          <Typography.Title level={3} className="project-page__title">
            {t('topics:title')}
          </Typography.Title>
          {counts.data && counts.data.unread > 0 ? (
            <Badge
              count={counts.data.unread}
              title={t('topics:list.unread', { count: counts.data.unread })}
              data-testid="topics-unread-count"
            />
          ) : null}
        </Space>
        <Space wrap>
          {isAdmin ? (
            <Button
              icon={<SettingOutlined />}
              onClick={() => void navigate(topicSettingsPath(projectId))}
              data-testid="topics-settings"
            >
              {t('topics:settings.title')}
            </Button>
          ) : null}
          {canExport ? (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void exportList()}
              data-testid="topics-export"
            >
              {t('topics:list.export')}
            </Button>
          ) : null}
          <MissingRight
            projectId={projectId}
            module="problemTopics"
            permission="create"
            allowed={canCreate}
            testId="topics-create-missing"
          >
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(newTopicPath(projectId))}
              data-testid="topics-create"
            >
              {t('topics:list.create')}
            </Button>
          </MissingRight>
        </Space>
      </div>
      <Tabs
        activeKey={filters.category}
        onChange={(key) => change({ category: key as TopicCategory })}
        items={TOPIC_CATEGORIES.map((key) => ({ key, label: tabLabel(key) }))}
      />
      <TopicFilterBar
        projectId={projectId}
        filters={filters}
        onChange={change}
        results={liveResults(list, list.data?.total)}
      />
      {list.isError && !list.data ? (
        <ErrorState
          title={t('topics:list.error')}
          description={errorMessage(list.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void list.refetch()}
          busy={list.isFetching}
          testId="topics-error"
        />
      ) : (
        <TopicTable
          projectId={projectId}
          rows={list.data?.rows ?? []}
          total={list.data?.total ?? 0}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          filters={filters}
          filtered={filtered}
          onChange={change}
        />
      )}
    </div>
  );
}
