import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, List, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import type { ModelUploads, UploadItem } from '../useModelUploads';

const STATUS = { uploading: 'active', done: 'success', failed: 'exception', cancelled: 'normal' } as const;

/** The uploads of this page: progress of each, cancel while running, the outcome when ended. */
export function UploadPanel({ uploads }: { uploads: ModelUploads }) {
  const { t } = useTranslation();
  if (uploads.items.length === 0) return null;
  const ended = uploads.items.some((item) => item.state !== 'uploading');

  const outcome = (item: UploadItem) => {
    if (item.state === 'done')
      return item.created
        ? t('models:upload.doneCreated')
        : t('models:upload.doneVersion', { number: item.model?.currentVersion.number ?? '' });
    if (item.state === 'failed') return item.error;
    if (item.state === 'cancelled') return t('models:upload.cancelled');
    return item.resumable ? t('models:upload.resumable') : null;
  };

  return (
    <Card
      size="small"
      className="models-uploads"
      title={t('models:upload.panelTitle')}
      extra={
        ended ? (
          <Button size="small" type="link" onClick={uploads.clearFinished} data-testid="models-upload-clear">
            {t('models:upload.clear')}
          </Button>
        ) : null
      }
      data-testid="models-uploads"
    >
      <List
        size="small"
        dataSource={uploads.items}
        renderItem={(item) => (
          <List.Item
            data-testid={`models-upload-${item.key}`}
            data-state={item.state}
            actions={[
              item.state === 'uploading' ? (
                <Button
                  key="cancel"
                  size="small"
                  onClick={() => uploads.cancel(item.key)}
                  data-testid={`models-upload-cancel-${item.key}`}
                >
                  {t('models:upload.cancel')}
                </Button>
              ) : (
                <Button
                  key="dismiss"
                  size="small"
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label={t('models:upload.dismiss')}
                  onClick={() => uploads.dismiss(item.key)}
                />
              ),
            ]}
          >
            <div className="models-uploads__item">
              <Space wrap size={4}>
                <Typography.Text strong>{item.modelName}</Typography.Text>
                <Typography.Text type="secondary">
                  {item.fileName} · {formatBytes(item.size)}
                </Typography.Text>
              </Space>
              <Progress
                percent={item.percent}
                size="small"
                status={STATUS[item.state]}
                aria-label={t('models:upload.progress', { name: item.fileName, percent: item.percent })}
              />
              <Typography.Text
                type={item.state === 'failed' ? 'danger' : 'secondary'}
                className="models-uploads__outcome"
                data-testid={`models-upload-outcome-${item.key}`}
              >
                {outcome(item)}
              </Typography.Text>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
