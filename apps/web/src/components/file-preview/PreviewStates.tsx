import { DownloadOutlined, FileUnknownOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { isHttpError } from '../../lib/http';
import { fileUrl } from './api';

/** The file as an attachment: what every state that cannot show it offers instead. */
export function DownloadButton({ fileId, primary = false }: { fileId: string; primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      icon={<DownloadOutlined />}
      href={fileUrl(fileId, { download: true })}
      download
      data-testid={primary ? 'file-preview-download-primary' : 'file-preview-download'}
    >
      {t('preview:download')}
    </Button>
  );
}

/** While the file's description, a document or a text is on its way. */
export function PreviewLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('preview:loading');
  return (
    <div className="file-preview__state" role="status" aria-label={text} data-testid="file-preview-loading">
      <Spin size="large" />
      <span className="file-preview__state-text">{text}</span>
    </div>
  );
}

interface StateProps {
  testId: string;
  status: 'info' | 'warning' | 'error';
  icon?: ReactNode;
  title: string;
  description: string;
  extra?: ReactNode;
}

function PreviewState({ testId, status, icon, title, description, extra }: StateProps) {
  return (
    <div className="file-preview__state" role={status === 'error' ? 'alert' : undefined} data-testid={testId}>
      <Result status={status} icon={icon} title={title} subTitle={description} extra={extra} />
    </div>
  );
}

/**
 * "File error" (spec 001 §9): the file is gone, not the caller's to see, could not be reached, or could not
 * be drawn. 404 and 403 read the same (the server does not tell them apart to outsiders either).
 */
export function FileErrorState({
  error,
  description: given,
  onRetry,
}: {
  /** The failed call, when there was one: its message is shown. */
  error?: unknown;
  /** The text to show instead (default: the file could not be read). */
  description?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  let description = given ?? t('preview:error.unreadable');
  if (isHttpError(error) && (error.status === 404 || error.status === 403)) {
    description = t('preview:error.notFound');
  } else if (error !== undefined) {
    description = errorMessage(error, t);
  }
  return (
    <PreviewState
      testId="file-preview-error"
      status="error"
      title={t('preview:error.title')}
      description={description}
      extra={
        onRetry ? (
          <Button onClick={onRetry} data-testid="file-preview-retry">
            {t('preview:error.retry')}
          </Button>
        ) : null
      }
    />
  );
}

/** A file that cannot be shown but can be downloaded, with the reason. */
export function DownloadInstead({
  fileId,
  testId,
  title,
  description,
}: {
  fileId: string;
  testId: string;
  title: string;
  description: string;
}) {
  return (
    <PreviewState
      testId={testId}
      status="info"
      icon={<FileUnknownOutlined />}
      title={title}
      description={description}
      extra={<DownloadButton fileId={fileId} primary />}
    />
  );
}

/** "File converting" (spec 001 §9): the server is turning an office document into a PDF. */
export function ConvertingState() {
  const { t } = useTranslation();
  return (
    <div className="file-preview__state" role="status" data-testid="file-preview-converting">
      <Result
        icon={<LoadingOutlined className="file-preview__converting-icon" />}
        title={t('preview:converting.title')}
        subTitle={t('preview:converting.description')}
      />
    </div>
  );
}
