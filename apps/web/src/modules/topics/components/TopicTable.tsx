import type { TopicSummary } from '@lintel/contracts/topics';
import { Badge, Empty } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { formatDate } from '../../../lib/format';
import { PAGE_SIZES, type TopicFilters } from '../filters';
import { formatTime, userName } from '../format';
import { topicPath } from '../paths';
import { PriorityTag, StateTag } from './TopicTags';

interface TopicTableProps {
  projectId: string;
  rows: TopicSummary[];
  total: number;
  loading: boolean;
  filters: TopicFilters;
  /** Some filter narrows the list (the empty state says so). */
  filtered: boolean;
  onChange: (patch: Partial<TopicFilters>) => void;
}

/** One page of problems: unread ones in bold with a dot; sorted by created time. */
export function TopicTable({
  projectId,
  rows,
  total,
  loading,
  filters,
  filtered,
  onChange,
}: TopicTableProps) {
  const { t } = useTranslation();

  const columns: ResponsiveColumn<TopicSummary>[] = [
    {
      key: 'number',
      title: t('topics:column.number'),
      width: 80,
      phone: 'meta',
      render: (_, row) => <span data-testid={`topic-number-${row._id}`}>#{row.number}</span>,
    },
    {
      key: 'name',
      title: t('topics:column.name'),
      phone: 'title',
      render: (_, row) => (
        <span className="topic-row__title">
          {row.unRead ? (
            <Badge status="processing" className="topic-row__dot" data-testid={`topic-unread-${row._id}`} />
          ) : null}
          <Link
            to={topicPath(projectId, row._id)}
            className={row.unRead ? 'topic-row__link topic-row__link--unread' : 'topic-row__link'}
            data-testid={`topic-open-${row._id}`}
          >
            {row.name}
          </Link>
          {row.unRead ? <span className="project-sr-only">{t('topics:state.unread')}</span> : null}
        </span>
      ),
    },
    {
      key: 'priority',
      title: t('topics:field.priority'),
      width: 100,
      phone: 'status',
      render: (_, row) => <PriorityTag priority={row.priority} testId={`topic-priority-${row._id}`} />,
    },
    {
      key: 'state',
      title: t('topics:field.status'),
      width: 200,
      phone: 'status',
      render: (_, row) => (
        <StateTag
          state={row.state}
          delay={row.delay}
          delayDays={row.delayDays}
          testId={`topic-state-${row._id}`}
        />
      ),
    },
    {
      key: 'deadline',
      title: t('topics:field.deadline'),
      width: 120,
      render: (_, row) => (row.deadline ? formatDate(row.deadline) : '—'),
    },
    {
      key: 'creator',
      title: t('topics:field.creator'),
      width: 120,
      render: (_, row) => userName(row.creator) ?? '—',
    },
    {
      key: 'createdAt',
      title: t('topics:field.createdAt'),
      width: 170,
      sorter: true,
      sortOrder: filters.order === 'createdAt' ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, row) => formatTime(row.createdAt),
    },
  ];

  return (
    <ResponsiveTable<TopicSummary>
      rowKey="_id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      aria-label={t('topics:list.label')}
      onRow={(row) =>
        ({
          'data-testid': `topic-row-${row._id}`,
          className: row.unRead ? 'topic-row topic-row--unread' : 'topic-row',
        }) as HTMLAttributes<HTMLElement>
      }
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort') {
          const order = Array.isArray(sorter) ? undefined : sorter.order;
          onChange({ order: order === 'ascend' ? 'createdAt' : '-createdAt', page: 1 });
          return;
        }
        const pageSize = pagination.pageSize ?? filters.pageSize;
        onChange({ page: pageSize !== filters.pageSize ? 1 : (pagination.current ?? 1), pageSize });
      }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtered ? t('topics:list.emptyFiltered') : t('topics:list.empty')}
            data-testid="topics-empty"
          />
        ),
      }}
      pagination={{
        current: filters.page,
        pageSize: filters.pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (count) => t('topics:list.total', { count }),
      }}
      data-testid="topics-table"
    />
  );
}
