import { PaperClipOutlined, PushpinFilled } from '@ant-design/icons';
import type { AnnouncementBox, AnnouncementSummary } from '@lintel/contracts/announcements';
import { Badge, Empty, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { formatTime } from '../../../lib/dateTime';
import { displayName } from '../../../lib/people';
import { announcementPath } from '../paths';
import { AnnouncementActions, type AnnouncementRights } from './AnnouncementActions';

interface AnnouncementTableProps {
  projectId: string;
  box: AnnouncementBox;
  rows: AnnouncementSummary[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  rights: AnnouncementRights;
}

/** One box of announcements: pinned first (as the server orders them), unread ones marked. */
export function AnnouncementTable({
  projectId,
  box,
  rows,
  total,
  loading,
  page,
  pageSize,
  onPage,
  rights,
}: AnnouncementTableProps) {
  const { t } = useTranslation();

  const columns: ResponsiveColumn<AnnouncementSummary>[] = [
    {
      key: 'title',
      title: t('announcements:column.title'),
      phone: 'title',
      render: (_, row) => (
        <div className="announcement-row__title">
          <div className="announcement-row__line">
            {row.unRead ? (
              <Badge
                status="processing"
                className="announcement-row__dot"
                data-testid={`announcement-unread-${row._id}`}
              />
            ) : null}
            {row.stick ? (
              <Tag color="orange" icon={<PushpinFilled />} data-testid={`announcement-pinned-${row._id}`}>
                {t('announcements:state.pinned')}
              </Tag>
            ) : null}
            <Link
              to={announcementPath(projectId, row._id)}
              className={
                row.unRead
                  ? 'announcement-row__link announcement-row__link--unread'
                  : 'announcement-row__link'
              }
              aria-label={t('announcements:action.open', { title: row.title })}
              data-testid={`announcement-open-${row._id}`}
            >
              {row.title}
            </Link>
            {row.unRead ? <span className="project-sr-only">{t('announcements:state.unread')}</span> : null}
            {row.recalled ? <Tag>{t('announcements:state.recalled')}</Tag> : null}
            {row.attachmentCount > 0 ? (
              <Typography.Text type="secondary" className="announcement-row__attachments">
                <PaperClipOutlined aria-hidden />{' '}
                {t('announcements:state.attachments', { count: row.attachmentCount })}
              </Typography.Text>
            ) : null}
          </div>
          {row.excerpt ? (
            <Typography.Text type="secondary" ellipsis className="announcement-row__excerpt">
              {row.excerpt}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    box === 'receive'
      ? {
          key: 'sender',
          title: t('announcements:column.sender'),
          width: 160,
          render: (_, row) => displayName(row.sender) ?? t('announcements:state.unknownSender'),
        }
      : {
          key: 'readers',
          title: t('announcements:column.readers'),
          width: 140,
          render: (_, row) => (
            <Tag
              color={row.readCount === row.receiverCount ? 'green' : 'default'}
              data-testid={`announcement-readers-${row._id}`}
            >
              {t('announcements:state.readCount', { read: row.readCount, total: row.receiverCount })}
            </Tag>
          ),
        },
    {
      key: 'time',
      title: t('announcements:column.time'),
      width: 170,
      render: (_, row) => formatTime(row.createdAt),
    },
    {
      key: 'actions',
      title: t('announcements:column.actions'),
      width: 240,
      phone: 'actions',
      render: (_, row) => <AnnouncementActions projectId={projectId} announcement={row} rights={rights} />,
    },
  ];

  return (
    <ResponsiveTable<AnnouncementSummary>
      rowKey="_id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      aria-label={t('announcements:list.label')}
      onRow={(row) =>
        ({
          'data-testid': `announcement-row-${row._id}`,
          className: row.unRead ? 'announcement-row announcement-row--unread' : 'announcement-row',
        }) as HTMLAttributes<HTMLElement>
      }
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(
              box === 'send' ? 'announcements:list.empty.send' : 'announcements:list.empty.receive',
            )}
          />
        ),
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        hideOnSinglePage: total <= 10,
        showTotal: (count) => t('announcements:list.total', { count }),
        onChange: onPage,
      }}
      data-testid={`announcements-table-${box}`}
    />
  );
}
