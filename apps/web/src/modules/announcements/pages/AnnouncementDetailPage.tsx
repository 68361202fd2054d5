import '../locales';
import '../announcements.css';
import { ArrowLeftOutlined, PushpinFilled } from '@ant-design/icons';
import { Alert, App, Card, Result, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { PageSpinner } from '../../../components/PageSpinner';
import { AttachmentList } from '../../../components/project/AttachmentList';
import { RetryAlert } from '../../../components/project/RetryAlert';
import { formatTime } from '../../../lib/dateTime';
import { errorMessage } from '../../../lib/errors';
import { isHttpError } from '../../../lib/http';
import { displayName } from '../../../lib/people';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { useAnnouncement, useMarkRead } from '../api';
import { AnnouncementActions } from '../components/AnnouncementActions';
import { ReceiverStates } from '../components/ReceiverStates';
import { RichText } from '../components/RichText';
import { announcementsPath } from '../paths';
import { useAnnouncementRights } from '../rights';

/** /projects/:projectId/announcements/:announcementId — one announcement; opening it marks it read. */
export default function AnnouncementDetailPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <AnnouncementDetail />
      </WorkbenchLayout>
    </App>
  );
}

function AnnouncementDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { announcementId = '' } = useParams();
  const { projectId, isAdmin } = useCurrentProject();
  const query = useAnnouncement(projectId, announcementId);
  const markRead = useMarkRead(projectId);
  const { rights } = useAnnouncementRights(projectId, isAdmin);
  const announcement = query.data;
  const marked = useRef<string | null>(null);

  // A receiver who opens it has read it (once per opening; the lists and the badge follow).
  useEffect(() => {
    if (announcement?.type !== 'receive' || announcement.read) return;
    if (marked.current === announcement._id) return;
    marked.current = announcement._id;
    markRead.mutate(announcement._id);
  }, [announcement, markRead]);

  const back = (
    <Link
      to={announcementsPath(projectId, announcement?.type === 'send' ? 'send' : 'receive')}
      data-testid="announcement-back"
    >
      <ArrowLeftOutlined /> {t('announcements:action.back')}
    </Link>
  );

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const error = query.error;
    if (isHttpError(error) && error.status === 404) {
      const recalled = error.body.key === 'announcements.recalled';
      return (
        <Result
          status="404"
          title={recalled ? t('announcements:detail.recalled') : t('announcements:detail.notFound')}
          extra={back}
          data-testid={recalled ? 'announcement-recalled' : 'announcement-not-found'}
        />
      );
    }
    return (
      <ErrorState
        title={t('announcements:detail.error')}
        description={errorMessage(error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void query.refetch()}
        busy={query.isFetching}
        testId="announcement-error"
      />
    );
  }

  const a = announcement!;
  return (
    <div className="announcement-detail" data-testid="announcement-detail">
      <div className="announcement-detail__nav">{back}</div>
      <Card variant="borderless">
        <div className="project-page__head">
          <Typography.Title level={3} className="project-page__title" data-testid="announcement-title">
            {a.stick ? (
              <Tag color="orange" icon={<PushpinFilled />}>
                {t('announcements:state.pinned')}
              </Tag>
            ) : null}
            {a.title}
          </Typography.Title>
          <AnnouncementActions
            projectId={projectId}
            announcement={a}
            rights={rights}
            size="middle"
            onDeleted={() =>
              void navigate(announcementsPath(projectId, a.type === 'send' ? 'send' : 'receive'))
            }
          />
        </div>
        <Typography.Paragraph type="secondary" data-testid="announcement-meta">
          {t('announcements:detail.from', {
            name: displayName(a.sender) ?? t('announcements:state.unknownSender'),
            time: formatTime(a.createdAt),
          })}
        </Typography.Paragraph>
        {a.recalled ? (
          <Alert
            type="warning"
            showIcon
            className="announcement-detail__recalled"
            message={t('announcements:detail.recalledAt', { time: formatTime(a.recalledAt) })}
            data-testid="announcement-recalled-note"
          />
        ) : null}
        <RichText html={a.content} testId="announcement-content" />
        {a.attachments.length > 0 ? (
          <section className="announcement-detail__section">
            <Typography.Title level={5}>{t('announcements:detail.attachments')}</Typography.Title>
            <AttachmentList attachments={a.attachments} />
          </section>
        ) : null}
        {a.receiverStates ? <ReceiverStates announcement={a} /> : null}
      </Card>
      {markRead.isError ? <RetryAlert error={markRead.error} onRetry={() => markRead.mutate(a._id)} /> : null}
    </div>
  );
}
