import { FEDERATION_MODELS_MAX, type Model, type ModelTag } from '@lintel/contracts/models';
import { Button, Empty, Space, Tag, Typography } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { formatTime } from '../../../lib/dateTime';
import { formatBytes } from '../../../lib/format';
import { type ModelFilters, PAGE_SIZES } from '../filters';
import { modelViewerPath } from '../paths';
import { ModelStatus } from './ModelStatus';

export interface ModelRowActions {
  onVersions: (model: Model) => void;
  /** Absent without the edit right. */
  onEdit?: (model: Model) => void;
  /** Absent without the delete right. */
  onDelete?: (model: Model) => void;
}

interface ModelTableProps extends ModelRowActions {
  projectId: string;
  rows: Model[];
  total: number;
  loading: boolean;
  filters: ModelFilters;
  filtered: boolean;
  tags: readonly ModelTag[];
  /** The tags have loaded (until then an unknown id is not yet a deleted tag). */
  tagsReady: boolean;
  uploaderName: (userId: string) => string;
  selected: string[];
  onSelect: (ids: string[]) => void;
  onChange: (patch: Partial<ModelFilters>) => void;
  /** The call to action of the empty, unfiltered list (upload). */
  emptyAction: ReactNode;
}

/**
 * One page of models: name, tags, status (progress while converting, the reason when failed), current
 * version, size, elements, updated, uploader; ready models can be ticked to open several together.
 */
export function ModelTable(props: ModelTableProps) {
  const { projectId, rows, filters, tags, uploaderName, selected, onSelect, onChange } = props;
  const { t } = useTranslation();
  const tagName = new Map(tags.map((tag) => [tag._id, tag.name]));

  const columns: ResponsiveColumn<Model>[] = [
    {
      key: 'name',
      title: t('models:field.name'),
      phone: 'title',
      render: (_, row) => (
        <div>
          {row.currentVersion.status === 'ready' ? (
            <Link
              to={modelViewerPath(projectId, { models: [row._id] })}
              className="models-break"
              data-testid={`model-name-${row._id}`}
            >
              {row.name}
            </Link>
          ) : (
            <span className="models-break" data-testid={`model-name-${row._id}`}>
              {row.name}
            </span>
          )}
          {row.remark ? (
            <Typography.Paragraph
              type="secondary"
              className="models-table__remark"
              ellipsis={{ rows: 1, tooltip: row.remark }}
            >
              {row.remark}
            </Typography.Paragraph>
          ) : null}
        </div>
      ),
    },
    {
      key: 'tags',
      title: t('models:field.tags'),
      render: (_, row) =>
        row.tagIds.length === 0 ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Space size={[0, 4]} wrap>
            {row.tagIds.map((id) =>
              tagName.has(id) || props.tagsReady ? (
                <Tag key={id}>{tagName.get(id) ?? t('models:list.unknownTag')}</Tag>
              ) : null,
            )}
          </Space>
        ),
    },
    {
      key: 'status',
      title: t('models:field.status'),
      phone: 'status',
      width: 170,
      render: (_, row) => <ModelStatus version={row.currentVersion} testId={`model-status-${row._id}`} />,
    },
    {
      key: 'version',
      title: t('models:field.version'),
      width: 90,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          className="models-table__version"
          onClick={() => props.onVersions(row)}
          aria-label={t('models:list.versionsOf', { name: row.name })}
          data-testid={`model-version-${row._id}`}
        >
          {t('models:versions.label', { number: row.currentVersion.number })}
        </Button>
      ),
    },
    {
      key: 'size',
      title: t('models:field.size'),
      width: 100,
      render: (_, row) => formatBytes(row.currentVersion.size),
    },
    {
      key: 'elements',
      title: t('models:field.elements'),
      width: 90,
      render: (_, row) => row.currentVersion.elementCount ?? '—',
    },
    {
      key: 'updated',
      title: t('models:field.updated'),
      width: 150,
      render: (_, row) => formatTime(row.updatedAt),
    },
    {
      key: 'uploader',
      title: t('models:field.uploader'),
      width: 110,
      render: (_, row) => uploaderName(row.currentVersion.createdBy),
    },
    {
      key: 'actions',
      title: t('models:field.actions'),
      width: 230,
      fixed: 'right',
      phone: 'actions',
      render: (_, row) => (
        <Space size={0} wrap>
          {row.currentVersion.status === 'ready' ? (
            <Link
              to={modelViewerPath(projectId, { models: [row._id] })}
              className="models-table__open"
              data-testid={`model-open-${row._id}`}
            >
              {t('models:action.open')}
            </Link>
          ) : null}
          <Button
            type="link"
            size="small"
            onClick={() => props.onVersions(row)}
            data-testid={`model-versions-${row._id}`}
          >
            {t('models:action.versions')}
          </Button>
          {props.onEdit ? (
            <Button
              type="link"
              size="small"
              onClick={() => props.onEdit?.(row)}
              data-testid={`model-edit-${row._id}`}
            >
              {t('models:action.edit')}
            </Button>
          ) : null}
          {props.onDelete ? (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => props.onDelete?.(row)}
              data-testid={`model-delete-${row._id}`}
            >
              {t('models:action.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <ResponsiveTable<Model>
      rowKey="_id"
      columns={columns}
      dataSource={rows}
      loading={props.loading}
      scroll={{ x: 1180 }}
      aria-label={t('models:title')}
      onRow={(row) => ({ 'data-testid': `model-row-${row._id}` }) as HTMLAttributes<HTMLElement>}
      rowSelection={{
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (keys) => onSelect(keys.map(String).slice(0, FEDERATION_MODELS_MAX)),
        // Only converted models open in the viewer.
        getCheckboxProps: (row) => ({
          disabled: row.currentVersion.status !== 'ready',
          'aria-label': t('models:list.pick', { name: row.name }),
        }),
      }}
      onChange={(pagination) => {
        const pageSize = pagination.pageSize ?? filters.pageSize;
        onChange({ page: pageSize !== filters.pageSize ? 1 : (pagination.current ?? 1), pageSize });
      }}
      locale={{
        emptyText: props.filtered ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('models:list.emptyFiltered')}
            data-testid="models-empty"
          />
        ) : (
          <Empty description={t('models:list.empty')} data-testid="models-empty">
            {props.emptyAction}
          </Empty>
        ),
      }}
      pagination={{
        current: filters.page,
        pageSize: filters.pageSize,
        total: props.total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (count) => t('models:list.total', { count }),
      }}
      data-testid="models-table"
    />
  );
}
