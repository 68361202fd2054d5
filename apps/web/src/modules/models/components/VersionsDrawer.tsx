import { DiffOutlined } from '@ant-design/icons';
import type { Model, ModelVersion } from '@lintel/contracts/models';
import { App, Button, Drawer, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type HTMLAttributes, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { RetryAlert } from '../../../components/project/RetryAlert';
import { formatTime } from '../../../lib/dateTime';
import { downloadFile } from '../../../lib/download';
import { errorMessage, type Translate } from '../../../lib/errors';
import { formatBytes } from '../../../lib/format';
import {
  isConverting,
  modelFilePath,
  useCancelVersion,
  useDeleteVersion,
  useModelVersions,
  useRetryVersion,
} from '../api';
import { modelViewerPath } from '../paths';
import { FilePicker } from './FilePicker';
import { ModelStatus } from './ModelStatus';

export interface VersionRights {
  upload: boolean;
  delete: boolean;
  download: boolean;
  /** Cancel and retry: the edit right (the uploader of a version may too; the server decides). */
  edit: boolean;
}

interface VersionsDrawerProps {
  projectId: string;
  model: Model | null;
  rights: VersionRights;
  /** The signed-in user: the uploader of a version may cancel or retry it. */
  userId: string | undefined;
  uploaderName: (userId: string) => string;
  onUploadVersion: (files: File[], model: Model) => void;
  onClose: () => void;
}

/** Seconds with one decimal under a minute, else minutes and seconds. */
function duration(ms: number | null, t: Translate): string {
  if (ms === null) return '—';
  const seconds = ms / 1000;
  if (seconds < 60) return t('models:versions.seconds', { value: seconds.toFixed(1) });
  return t('models:versions.minutes', {
    minutes: Math.floor(seconds / 60),
    seconds: Math.round(seconds % 60),
  });
}

/**
 * A model's versions: their state, size, elements, conversion time and uploader; upload a new one; cancel a
 * running conversion, retry a failed one, delete one (never the only one), download its IFC, and compare two
 * ready versions in the viewer.
 */
export function VersionsDrawer(props: VersionsDrawerProps) {
  const { projectId, model, rights, userId, uploaderName, onUploadVersion, onClose } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const versions = useModelVersions(projectId, model?._id ?? '', model !== null);
  const cancel = useCancelVersion(projectId);
  const retry = useRetryVersion(projectId);
  const remove = useDeleteVersion(projectId);
  const [picked, setPicked] = useState<string[]>([]);
  const [downloading, setDownloading] = useState<string | null>(null);

  // A new model starts with nothing picked for the comparison.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another model opens.
  useEffect(() => setPicked([]), [model?._id]);

  const rows = versions.data ?? [];
  const currentId = model?.currentVersion._id;
  const mayChange = (version: ModelVersion) => rights.edit || version.createdBy === userId;

  const run = async (action: Promise<unknown>, done: string) => {
    try {
      await action;
      void message.success(done);
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };

  const download = async (version: ModelVersion) => {
    if (!model) return;
    setDownloading(version._id);
    try {
      await downloadFile(modelFilePath(model._id, version._id), {}, version.fileName);
    } catch (error) {
      void message.error(errorMessage(error, t));
    } finally {
      setDownloading(null);
    }
  };

  const compare = () => {
    if (!model || picked.length !== 2) return;
    // Older → newer, whatever order they were ticked in.
    const [from, to] = [...picked].sort(
      (a, b) =>
        (rows.find((row) => row._id === a)?.number ?? 0) - (rows.find((row) => row._id === b)?.number ?? 0),
    );
    void navigate(
      modelViewerPath(projectId, {
        models: [model._id],
        compare: { modelId: model._id, from: from!, to: to! },
      }),
    );
  };

  const columns: TableColumnsType<ModelVersion> = [
    {
      key: 'number',
      title: t('models:versions.number'),
      width: 110,
      render: (_, row) => (
        <Space size={4}>
          <span>{t('models:versions.label', { number: row.number })}</span>
          {row._id === currentId ? <Tag color="blue">{t('models:versions.current')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('models:field.status'),
      width: 170,
      render: (_, row) => <ModelStatus version={row} testId={`version-status-${row._id}`} />,
    },
    {
      key: 'file',
      title: t('models:versions.file'),
      render: (_, row) => <span className="models-break">{row.fileName}</span>,
    },
    { key: 'size', title: t('models:field.size'), width: 100, render: (_, row) => formatBytes(row.size) },
    {
      key: 'elements',
      title: t('models:field.elements'),
      width: 90,
      render: (_, row) => row.elementCount ?? '—',
    },
    {
      key: 'time',
      title: t('models:versions.conversionTime'),
      width: 110,
      render: (_, row) => duration(row.conversionMs, t),
    },
    {
      key: 'by',
      title: t('models:field.uploader'),
      width: 110,
      render: (_, row) => uploaderName(row.createdBy),
    },
    {
      key: 'at',
      title: t('models:versions.uploadedAt'),
      width: 150,
      render: (_, row) => formatTime(row.createdAt),
    },
    {
      key: 'actions',
      title: t('models:field.actions'),
      width: 200,
      render: (_, row) => (
        <Space size={0} wrap>
          {isConverting(row) && mayChange(row) ? (
            <ConfirmDanger
              title={t('models:versions.cancelConfirm', { number: row.number })}
              okText={t('models:versions.cancelOk')}
              okTestId={`version-cancel-ok-${row._id}`}
              onConfirm={() => run(cancel.mutateAsync(row._id), t('models:versions.cancelled'))}
            >
              <Button type="link" size="small" data-testid={`version-cancel-${row._id}`}>
                {t('models:versions.cancel')}
              </Button>
            </ConfirmDanger>
          ) : null}
          {row.status === 'failed' && mayChange(row) ? (
            <Button
              type="link"
              size="small"
              loading={retry.isPending && retry.variables === row._id}
              onClick={() => void run(retry.mutateAsync(row._id), t('models:versions.retried'))}
              data-testid={`version-retry-${row._id}`}
            >
              {t('models:versions.retry')}
            </Button>
          ) : null}
          {rights.download ? (
            <Button
              type="link"
              size="small"
              loading={downloading === row._id}
              onClick={() => void download(row)}
              data-testid={`version-download-${row._id}`}
            >
              {t('models:versions.download')}
            </Button>
          ) : null}
          {rights.delete && rows.length > 1 ? (
            <ConfirmDanger
              title={t('models:versions.deleteConfirm', { number: row.number })}
              description={row._id === currentId ? t('models:versions.deleteCurrentHint') : undefined}
              okTestId={`version-delete-ok-${row._id}`}
              onConfirm={() =>
                run(
                  remove.mutateAsync({ modelId: model!._id, versionId: row._id }),
                  t('models:versions.deleted'),
                )
              }
            >
              <Button type="link" size="small" danger data-testid={`version-delete-${row._id}`}>
                {t('models:action.delete')}
              </Button>
            </ConfirmDanger>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open={model !== null}
      onClose={onClose}
      size={1080}
      title={model ? t('models:versions.title', { name: model.name }) : ''}
      destroyOnHidden
      data-testid="versions-drawer"
      extra={
        <Space wrap>
          <Button
            icon={<DiffOutlined />}
            disabled={picked.length !== 2}
            title={picked.length !== 2 ? t('models:versions.compareHint') : undefined}
            onClick={compare}
            data-testid="versions-compare"
          >
            {t('models:versions.compare')}
          </Button>
          {rights.upload && model ? (
            <FilePicker
              type="primary"
              onFiles={(files) => onUploadVersion(files, model)}
              testId="versions-upload"
            >
              {t('models:versions.upload')}
            </FilePicker>
          ) : null}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('models:versions.compareHint')}</Typography.Paragraph>
      {versions.isError ? (
        <RetryAlert error={versions.error} onRetry={() => void versions.refetch()} />
      ) : null}
      <Table<ModelVersion>
        rowKey="_id"
        columns={columns}
        dataSource={rows}
        loading={versions.isPending}
        pagination={false}
        size="middle"
        scroll={{ x: 1000 }}
        onRow={(row) => ({ 'data-testid': `version-row-${row._id}` }) as HTMLAttributes<HTMLElement>}
        rowSelection={{
          selectedRowKeys: picked,
          onChange: (keys) => setPicked(keys.map(String).slice(-2)),
          // Only converted versions can be compared; at most two.
          getCheckboxProps: (row) => ({
            disabled: row.status !== 'ready' || (picked.length >= 2 && !picked.includes(row._id)),
            'aria-label': t('models:versions.pick', { number: row.number }),
          }),
          hideSelectAll: true,
        }}
        data-testid="versions-table"
      />
    </Drawer>
  );
}
