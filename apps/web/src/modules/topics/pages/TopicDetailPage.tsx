import '../locales';
import '../topics.css';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Topic } from '@lintel/contracts/topics';
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Result, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { PageSpinner } from '../../../components/PageSpinner';
import { RetryAlert } from '../../../components/project/RetryAlert';
import { errorMessage } from '../../../lib/errors';
import { isHttpError } from '../../../lib/http';
import { ViewpointCard } from '../../models/viewpoint/ViewpointCard';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { topicKeys, useMarkRead, useTopic } from '../api';
import { ImageGallery } from '../components/ImageGallery';
import { ResponseThread } from '../components/ResponseThread';
import { TopicActions } from '../components/TopicActions';
import { TopicLinks } from '../components/TopicLinks';
import { TopicMeta } from '../components/TopicMeta';
import { PriorityTag, StateTag } from '../components/TopicTags';
import { topicsPath } from '../paths';

/** /projects/:projectId/topics/:topicId — one problem and its responses; opening it marks it read. */
export default function TopicDetailPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <TopicDetail />
      </WorkbenchLayout>
    </App>
  );
}

function TopicDetail() {
  const { t } = useTranslation();
  const { topicId = '' } = useParams();
  const { projectId } = useCurrentProject();
  const query = useTopic(projectId, topicId);
  const markRead = useMarkRead(projectId);
  const queryClient = useQueryClient();
  const topic = query.data;
  const marked = useRef<string | null>(null);

  // Opening it reads it: the server's GET marks it read already, so the list's marks and unread count are
  // refreshed; a topic still unread after it (someone changed it meanwhile) is marked with PUT read.
  useEffect(() => {
    if (!topic || marked.current === topic._id) return;
    marked.current = topic._id;
    if (topic.unRead) markRead.mutate(topic._id);
    else void queryClient.invalidateQueries({ queryKey: topicKeys.lists(projectId) });
  }, [topic, markRead, queryClient, projectId]);

  const back = (
    <Link to={topicsPath(projectId)} data-testid="topic-back">
      <ArrowLeftOutlined /> {t('topics:action.back')}
    </Link>
  );

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (isHttpError(query.error) && query.error.status === 404) {
      return (
        <Result status="404" title={t('topics:detail.notFound')} extra={back} data-testid="topic-not-found" />
      );
    }
    return (
      <ErrorState
        title={t('topics:detail.error')}
        description={errorMessage(query.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void query.refetch()}
        busy={query.isFetching}
        testId="topic-error"
      />
    );
  }

  const tp = query.data;
  return (
    <div className="topic-detail" data-testid="topic-detail">
      <div className="topic-detail__nav">{back}</div>
      <Card variant="borderless">
        <div className="project-page__head">
          <div>
            <Typography.Title level={3} className="project-page__title" data-testid="topic-title">
              <span className="topic-detail__number">#{tp.number}</span> {tp.name}
            </Typography.Title>
            <Space wrap size={4}>
              <StateTag state={tp.state} delay={tp.delay} delayDays={tp.delayDays} testId="topic-state" />
              <PriorityTag priority={tp.priority} testId="topic-priority" />
            </Space>
          </div>
          <TopicActions projectId={projectId} topic={tp} />
        </div>
        <TopicMeta topic={tp} />
        <section className="topic-detail__section">
          <Typography.Title level={5}>{t('topics:field.content')}</Typography.Title>
          {tp.content ? (
            <p className="topic-detail__content" data-testid="topic-content">
              {tp.content}
            </p>
          ) : (
            <Typography.Text type="secondary">{t('topics:detail.noContent')}</Typography.Text>
          )}
        </section>
        {tp.images.length > 0 ? (
          <section className="topic-detail__section">
            <Typography.Title level={5}>{t('topics:field.images')}</Typography.Title>
            <ImageGallery images={tp.images} testId="topic-images" />
          </section>
        ) : null}
        {tp.viewportId ? (
          <section className="topic-detail__section" data-testid="topic-viewpoint">
            <Typography.Title level={5}>{t('modelViewpoint:title')}</Typography.Title>
            <ViewpointCard projectId={projectId} viewportId={tp.viewportId} element={firstElement(tp)} />
          </section>
        ) : null}
        <section className="topic-detail__section">
          <Typography.Title level={5}>{t('topics:field.links')}</Typography.Title>
          <TopicLinks projectId={projectId} links={tp.links} />
        </section>
      </Card>
      {markRead.isError ? (
        <RetryAlert error={markRead.error} onRetry={() => markRead.mutate(tp._id)} />
      ) : null}
      <Card variant="borderless" className="topic-detail__thread">
        <ResponseThread projectId={projectId} topicId={tp._id} canRespond={tp.abilities.respond} />
      </Card>
    </div>
  );
}

/** The element the viewpoint selects: the topic's first element link. */
function firstElement(topic: Topic) {
  const link = topic.links.find((item) => item.type === 'element');
  return link?.type === 'element' ? { modelId: link.modelId, globalId: link.globalId } : undefined;
}
