import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEXT_PREVIEW_BYTES, useTextHead } from './api';
import { formatSize } from './formatSize';
import { DownloadButton, FileErrorState, PreviewLoading } from './PreviewStates';

/**
 * A UTF-8 text file in a monospace block, as written (line breaks and spaces kept, long lines wrapped).
 * Large files show their beginning with a note to download the rest.
 */
export function TextViewer({ fileId, size }: { fileId: string; size: number }) {
  const { t } = useTranslation();
  const text = useTextHead(fileId, TEXT_PREVIEW_BYTES);
  if (text.isPending) return <PreviewLoading />;
  if (text.isError) return <FileErrorState error={text.error} onRetry={() => void text.refetch()} />;
  const truncated = size > TEXT_PREVIEW_BYTES;
  return (
    <div className="file-preview__stage file-preview__stage--text">
      {truncated ? (
        <Alert
          className="file-preview__text-note"
          type="info"
          showIcon
          title={t('preview:text.truncated', {
            shown: formatSize(TEXT_PREVIEW_BYTES),
            total: formatSize(size),
          })}
          action={<DownloadButton fileId={fileId} />}
          data-testid="file-preview-text-truncated"
        />
      ) : null}
      {text.data === '' ? (
        <p className="file-preview__state-text" data-testid="file-preview-text-empty">
          {t('preview:text.empty')}
        </p>
      ) : (
        // Focusable, so that the keyboard scrolls it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <pre className="file-preview__text" tabIndex={0} data-testid="file-preview-text">
          {text.data}
        </pre>
      )}
    </div>
  );
}
