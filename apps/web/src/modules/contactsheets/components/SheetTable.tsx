import { PaperClipOutlined } from '@ant-design/icons';
import type { ContactSheetBox, ContactSheetSummary } from '@lintel/contracts/contactsheets';
import { Badge, Empty, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { displayName, formatTime } from '../format';
import { contactSheetPath } from '../paths';
import { ReplyState } from './ReplyState';

interface SheetTableProps {
  projectId: string;
  box: ContactSheetBox;
  /** Some filter beyond the box is set (the empty state says nothing matched). */
  filtered: boolean;
  rows: ContactSheetSummary[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  /** Rows can be chosen for the bulk delete; null: no selection column. */
  selection: {
    keys: string[];
    onChange: (keys: string[]) => void;
    selectable: (row: ContactSheetSummary) => boolean;
  } | null;
}

/** One box of contact sheets: newest sent first, the caller's unread ones marked. */
export function SheetTable({
  projectId,
  box,
  filtered,
  rows,
  total,
  loading,
  page,
  pageSize,
  onPage,
  selection,
}: SheetTableProps) {
  const { t } = useTranslation();

  const columns: ResponsiveColumn<ContactSheetSummary>[] = [
    {
      key: 'number',
      title: t('contactsheets:column.number'),
      width: 170,
      phone: 'meta',
      render: (_, row) => (
        <span className="sheet-row__number">
          {row.unRead ? (
            <Badge status="processing" className="sheet-row__dot" data-testid={`sheet-unread-${row._id}`} />
          ) : null}
          {row.number}
          {row.unRead ? <span className="project-sr-only">{t('contactsheets:state.unread')}</span> : null}
        </span>
      ),
    },
    {
      key: 'title',
      title: t('contactsheets:column.title'),
      phone: 'title',
      render: (_, row) => (
        <div className="sheet-row__title">
          <Link
            to={contactSheetPath(projectId, row._id)}
            className={row.unRead ? 'sheet-row__link sheet-row__link--unread' : 'sheet-row__link'}
            data-testid={`sheet-open-${row._id}`}
          >
            {row.title}
          </Link>
          {row.attachmentCount > 0 ? (
            <Typography.Text type="secondary" className="sheet-row__attachments">
              <PaperClipOutlined
                aria-label={t('contactsheets:state.attachments', { count: row.attachmentCount })}
              />
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      key: 'type',
      title: t('contactsheets:column.type'),
      width: 120,
      phone: 'status',
      render: (_, row) => <Tag color="blue">{t(`contactsheets:type.${row.type}`)}</Tag>,
    },
    {
      key: 'sender',
      title: t('contactsheets:column.sender'),
      width: 180,
      render: (_, row) => (
        <div>
          <div>{displayName(row.sender) ?? t('contactsheets:state.unknownUser')}</div>
          {row.senderUnit ? (
            <Typography.Text type="secondary" className="sheet-row__unit">
              {row.senderUnit}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      key: 'sentAt',
      title: t('contactsheets:column.sentAt'),
      width: 160,
      render: (_, row) => formatTime(row.sentAt),
    },
    {
      key: 'state',
      title: t('contactsheets:column.state'),
      width: 130,
      phone: 'status',
      render: (_, row) => <ReplyState sheet={row} />,
    },
  ];

  return (
    <ResponsiveTable<ContactSheetSummary>
      rowKey="_id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      aria-label={t('contactsheets:list.label')}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.keys,
              onChange: (keys) => selection.onChange(keys.map(String)),
              getCheckboxProps: (row) => ({
                disabled: !selection.selectable(row),
                'aria-label': t('contactsheets:list.select', { number: row.number }),
              }),
            }
          : undefined
      }
      onRow={(row) =>
        ({
          'data-testid': `sheet-row-${row._id}`,
          className: row.unRead ? 'sheet-row sheet-row--unread' : 'sheet-row',
        }) as HTMLAttributes<HTMLElement>
      }
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(filtered ? 'contactsheets:list.noMatch' : `contactsheets:list.empty.${box}`)}
            data-testid="sheets-empty"
          />
        ),
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        hideOnSinglePage: total <= 10,
        showTotal: (count) => t('contactsheets:list.total', { count }),
        onChange: onPage,
      }}
      scroll={{ x: 900 }}
      data-testid={`sheets-table-${box}`}
    />
  );
}
