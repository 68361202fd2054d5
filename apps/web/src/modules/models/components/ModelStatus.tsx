import type { ModelVersion } from '@lintel/contracts/models';
import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS = { queued: 'default', converting: 'processing', ready: 'success', failed: 'error' } as const;

/**
 * A version's conversion state: a tag, the progress bar while converting, the reason when failed (the
 * parser's own words, when it gave any, in the tooltip).
 */
export function ModelStatus({ version, testId }: { version: ModelVersion; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Space
      orientation="vertical"
      size={2}
      className="models-status"
      data-testid={testId}
      data-status={version.status}
    >
      <Tag color={COLORS[version.status]}>{t(`models:status.${version.status}`)}</Tag>
      {version.status === 'converting' ? (
        <Progress
          percent={version.progress}
          size="small"
          className="models-status__progress"
          aria-label={t('models:status.progress', { percent: version.progress })}
        />
      ) : null}
      {version.status === 'failed' && version.error ? (
        <Tooltip title={version.error.detail}>
          <Typography.Text
            type="danger"
            className="models-status__reason"
            data-testid={testId ? `${testId}-reason` : undefined}
          >
            {version.error.message}
          </Typography.Text>
        </Tooltip>
      ) : null}
    </Space>
  );
}
