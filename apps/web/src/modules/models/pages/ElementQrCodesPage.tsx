import '../locales';
import '../models.css';
import { SearchOutlined } from '@ant-design/icons';
import type { ElementShareListItem } from '@lintel/contracts/models';
import { App, Button, Empty, Input, Modal, Space, Tag, Typography } from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorState } from '../../../components/ErrorState';
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { formatTime } from '../../../lib/dateTime';
import { errorMessage } from '../../../lib/errors';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { useElementShares, useModelRight, useRevokeShare } from '../api';
import { ElementQrCard } from '../components/ElementQrCard';
import { modelViewerPath } from '../paths';

/** /projects/:projectId/models/qrcodes — the elements that have a QR code: show, print, download, revoke. */
export default function ElementQrCodesPage() {
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <ElementQrCodes />
      </WorkbenchLayout>
    </App>
  );
}

/** The full address a share's code holds (its page on this site). */
const shareUrl = (share: ElementShareListItem) => new URL(share.path, window.location.origin).href;

function ElementQrCodes() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { projectId } = useCurrentProject();
  // Listing, making and revoking shares take the export right (the server's rule for element shares).
  const exportRight = useModelRight(projectId, 'export');
  const canRevoke = exportRight.data === true;
  const shares = useElementShares(projectId, canRevoke);
  const revoke = useRevokeShare(projectId);
  const [keyword, setKeyword] = useState('');
  const [showing, setShowing] = useState<ElementShareListItem | null>(null);

  const rows = useMemo(() => {
    const needle = keyword.trim().toLowerCase();
    const all = shares.data ?? [];
    if (!needle) return all;
    return all.filter((share) =>
      [share.modelName, share.elementName ?? '', share.ifcClass ?? '', share.globalId].some((text) =>
        text.toLowerCase().includes(needle),
      ),
    );
  }, [shares.data, keyword]);

  const columns: ResponsiveColumn<ElementShareListItem>[] = [
    {
      key: 'element',
      title: t('models:qr.element'),
      phone: 'title',
      render: (_, row) => (
        <div>
          <span className="models-break" data-testid={`share-element-${row.token}`}>
            {row.elementName || row.ifcClass || t('models:qr.elementGone')}
          </span>
          <div>
            <Typography.Text type="secondary" className="models-qr__url">
              {row.ifcClass ? `${row.ifcClass} · ` : ''}
              {row.globalId}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      key: 'model',
      title: t('models:qr.model'),
      render: (_, row) =>
        row.modelDeleted ? (
          <Space size={4} wrap>
            <span>{row.modelName}</span>
            <Tag color="red">{t('models:qr.modelDeleted')}</Tag>
          </Space>
        ) : (
          <Link
            to={modelViewerPath(projectId, {
              models: [row.modelId],
              element: { modelId: row.modelId, globalId: row.globalId },
            })}
            data-testid={`share-model-${row.token}`}
          >
            {row.modelName}
          </Link>
        ),
    },
    {
      key: 'created',
      title: t('models:qr.created'),
      width: 160,
      render: (_, row) => formatTime(row.createdAt),
    },
    {
      key: 'actions',
      title: t('models:field.actions'),
      width: 180,
      phone: 'actions',
      render: (_, row) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            onClick={() => setShowing(row)}
            data-testid={`share-show-${row.token}`}
          >
            {t('models:qr.show')}
          </Button>
          {canRevoke ? (
            <ConfirmDanger
              title={t('models:qr.revokeConfirm')}
              description={t('models:qr.revokeHint')}
              okText={t('models:qr.revoke')}
              okTestId={`share-revoke-ok-${row.token}`}
              onConfirm={() =>
                revoke.mutateAsync(row.token).then(
                  () => void message.success(t('models:qr.revoked')),
                  (error: unknown) => void message.error(errorMessage(error, t)),
                )
              }
            >
              <Button type="link" size="small" danger data-testid={`share-revoke-${row.token}`}>
                {t('models:qr.revoke')}
              </Button>
            </ConfirmDanger>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="models" data-testid="element-qrcodes-page">
      <div className="project-page__head">
        <div>
          <Typography.Title level={3} className="project-page__title">
            {t('models:qr.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('models:qr.hint')}</Typography.Paragraph>
        </div>
      </div>
      <div className="models-sets__toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          value={keyword}
          placeholder={t('models:qr.search')}
          aria-label={t('models:qr.search')}
          onChange={(event) => setKeyword(event.target.value)}
          className="models-filters__keyword"
          data-testid="shares-search"
        />
      </div>
      {exportRight.data === false ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('models:qr.noExportRight')}
          data-testid="shares-no-right"
        />
      ) : shares.isError ? (
        <ErrorState
          title={t('models:qr.error')}
          description={errorMessage(shares.error, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => void shares.refetch()}
          busy={shares.isFetching}
          testId="shares-error"
        />
      ) : (
        <ResponsiveTable<ElementShareListItem>
          rowKey="token"
          columns={columns}
          dataSource={rows}
          loading={shares.isPending && !exportRight.isError}
          scroll={{ x: 800 }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          onRow={(row) => ({ 'data-testid': `share-row-${row.token}` }) as HTMLAttributes<HTMLElement>}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={keyword.trim() ? t('models:qr.emptyFiltered') : t('models:qr.empty')}
                data-testid="shares-empty"
              />
            ),
          }}
          data-testid="shares-table"
        />
      )}
      <Modal
        open={showing !== null}
        onCancel={() => setShowing(null)}
        footer={null}
        title={t('models:qr.dialogTitle')}
        destroyOnHidden
      >
        {showing ? (
          <ElementQrCard
            url={shareUrl(showing)}
            title={showing.elementName || showing.ifcClass || showing.globalId}
            subtitle={`${showing.modelName} · ${showing.globalId}`}
            testId="share-qr"
          />
        ) : null}
      </Modal>
    </div>
  );
}
