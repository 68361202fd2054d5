import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ViolationRecord } from '@lintel/contracts/personnel';
import { Button, Empty, Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { fileUrl } from '../../../lib/projectFiles';

interface ViolationTableProps {
  rows: ViolationRecord[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  filtered: boolean;
  onEdit?: (record: ViolationRecord) => void;
  onDelete?: (record: ViolationRecord) => Promise<unknown>;
  onPage: (page: number, pageSize: number) => void;
}

/** Violation records: date, person, unit, type and item, description, photos, recorder. */
export function ViolationTable({
  rows,
  total,
  page,
  pageSize,
  loading,
  filtered,
  onEdit,
  onDelete,
  onPage,
}: ViolationTableProps) {
  const { t } = useTranslation();
  const columns: ResponsiveColumn<ViolationRecord>[] = [
    { title: t('attendance:violations.date'), dataIndex: 'date', width: 110, phone: 'status' },
    {
      title: t('attendance:violations.person'),
      key: 'person',
      phone: 'title',
      render: (_, r) => r.person?.name ?? '',
    },
    { title: t('attendance:column.unit'), key: 'unit', render: (_, r) => r.unit?.name ?? '' },
    {
      title: t('attendance:violations.typeItem'),
      key: 'type',
      render: (_, r) => [r.type?.name, r.item?.name].filter(Boolean).join(' / '),
    },
    {
      title: t('attendance:violations.description'),
      key: 'description',
      render: (_, r) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.description }} className="violation__text">
          {r.description}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('attendance:violations.photosColumn'),
      key: 'photos',
      render: (_, r) =>
        r.photos.length === 0 ? null : (
          <Image.PreviewGroup items={r.photos.map((photo) => fileUrl(photo.url))}>
            <Image
              src={fileUrl(r.photos[0]!.url, true)}
              width={40}
              height={40}
              alt={t('attendance:photos.count', { count: r.photos.length })}
            />
            {r.photos.length > 1 ? (
              <Typography.Text type="secondary"> ×{r.photos.length}</Typography.Text>
            ) : null}
          </Image.PreviewGroup>
        ),
    },
    { title: t('attendance:violations.recorder'), key: 'recorder', render: (_, r) => r.recorder?.name ?? '' },
  ];
  if (onEdit || onDelete) {
    columns.push({
      title: t('attendance:column.actions'),
      key: 'actions',
      phone: 'actions',
      render: (_, record) => (
        <Space>
          {onEdit ? (
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => onEdit(record)}
              aria-label={t('attendance:action.edit')}
              data-testid={`violation-edit-${record._id}`}
            />
          ) : null}
          {onDelete ? (
            <ConfirmDanger
              title={t('attendance:violations.deleteTitle')}
              okTestId={`violation-delete-confirm-${record._id}`}
              onConfirm={() => onDelete(record)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('attendance:action.delete')}
                data-testid={`violation-delete-${record._id}`}
              />
            </ConfirmDanger>
          ) : null}
        </Space>
      ),
    });
  }
  return (
    <ResponsiveTable<ViolationRecord>
      rowKey="_id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      onRow={(record) => ({ 'data-testid': `violation-row-${record._id}` }) as object}
      locale={{
        emptyText: (
          <Empty
            description={t(filtered ? 'attendance:violations.emptyFiltered' : 'attendance:violations.empty')}
            data-testid="violations-empty"
          />
        ),
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        showTotal: (count) => t('attendance:violations.total', { count }),
        onChange: onPage,
      }}
    />
  );
}
