import './locales';
import './filePreview.css';
import { CloseOutlined } from '@ant-design/icons';
import { Button, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type FileMeta, fileUrl, useFileMeta } from './api';
import { formatSize } from './formatSize';
import { ImageViewer } from './ImageViewer';
import { usePreviewKeys } from './keyboard';
import { MediaViewer } from './MediaViewer';
import { PdfViewer } from './PdfViewer';
import {
  ConvertingState,
  DownloadButton,
  DownloadInstead,
  FileErrorState,
  PreviewLoading,
} from './PreviewStates';
import { TextViewer } from './TextViewer';

export interface FilePreviewProps {
  /** The id of a stored file (the last segment of its `base-service/files/{id}` URL). */
  fileId: string;
  /** Embedded in a dialog: a close button and Esc call this. */
  onClose?: () => void;
  /** The heading level of the file name: 1 on the preview page, 2 (default) inside another screen. */
  headingLevel?: 1 | 2 | 3 | 4 | 5;
}

const LEGACY_EXCEL = 'application/vnd.ms-excel';

/**
 * The preview of a stored file (spec 001 §2 "File preview"), for the /preview page and for the modules
 * that embed it (announcements, documents): images, PDF (pdf.js), video and audio, UTF-8 text, office
 * documents once the server has converted them to PDF. Everything else — `.xls` among it (spec 001 §9) —
 * says it cannot be previewed and offers the download; so do a failed or impossible conversion and the
 * "file error" of a missing or unreadable file. The server decides the kind (`?meta=true`), by the bytes.
 */
export function FilePreview({ fileId, onClose, headingLevel = 2 }: FilePreviewProps) {
  const { t } = useTranslation();
  const meta = useFileMeta(fileId);
  usePreviewKeys({ close: onClose });

  return (
    <section
      className="file-preview"
      aria-label={meta.data?.name ?? t('preview:title')}
      data-testid="file-preview"
    >
      <header className="file-preview__header">
        <div className="file-preview__heading">
          <Typography.Title level={headingLevel} className="file-preview__name" ellipsis={{ tooltip: true }}>
            {meta.data?.name ?? t('preview:title')}
          </Typography.Title>
          {meta.data ? (
            <span className="file-preview__size" data-testid="file-preview-size">
              {formatSize(meta.data.size)}
            </span>
          ) : null}
        </div>
        <div className="file-preview__actions">
          {meta.data ? <DownloadButton fileId={fileId} /> : null}
          {onClose ? (
            <Tooltip title={t('preview:close')}>
              <Button
                type="text"
                icon={<CloseOutlined />}
                aria-label={t('preview:close')}
                onClick={onClose}
                data-testid="file-preview-close"
              />
            </Tooltip>
          ) : null}
        </div>
      </header>
      <div className="file-preview__body">
        {meta.isPending ? (
          <PreviewLoading />
        ) : meta.isError ? (
          <FileErrorState error={meta.error} onRetry={() => void meta.refetch()} />
        ) : (
          <PreviewBody fileId={fileId} meta={meta.data} />
        )}
      </div>
      {meta.data ? <KeyHint meta={meta.data} closable={onClose !== undefined} /> : null}
    </section>
  );
}

/** What a PDF (or an office document's PDF) is shown as: pages, zoom. */
function showsPages(meta: FileMeta): boolean {
  return meta.kind === 'pdf' || (meta.kind === 'office' && meta.conversion === 'ready');
}

/** The keys that do something for this file, in a line under the preview. */
function KeyHint({ meta, closable }: { meta: FileMeta; closable: boolean }) {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (meta.kind === 'image' || showsPages(meta)) parts.push(t('preview:keys.zoom'));
  if (showsPages(meta)) parts.push(t('preview:keys.pages'));
  if (closable) parts.push(t('preview:keys.close'));
  if (parts.length === 0) return null;
  return (
    <p className="file-preview__keys" data-testid="file-preview-keys">
      {t('preview:keys.label', { keys: parts.join(t('preview:keys.separator')) })}
    </p>
  );
}

function PreviewBody({ fileId, meta }: { fileId: string; meta: FileMeta }): ReactNode {
  const { t } = useTranslation();
  switch (meta.kind) {
    case 'image':
      return <ImageViewer src={fileUrl(fileId)} name={meta.name} />;
    case 'pdf':
      return <PdfViewer src={fileUrl(fileId)} />;
    case 'video':
    case 'audio':
      return <MediaViewer src={fileUrl(fileId)} kind={meta.kind} name={meta.name} />;
    case 'text':
      return <TextViewer fileId={fileId} size={meta.size} />;
    case 'office':
      return <OfficeBody fileId={fileId} meta={meta} />;
    default:
      return (
        <DownloadInstead
          fileId={fileId}
          testId="file-preview-not-previewable"
          title={t('preview:notPreviewable.title')}
          description={
            meta.contentType === LEGACY_EXCEL
              ? t('preview:notPreviewable.xls')
              : t('preview:notPreviewable.description')
          }
        />
      );
  }
}

/** An office document: its PDF once the server has made it, "converting" until then. */
function OfficeBody({ fileId, meta }: { fileId: string; meta: FileMeta }): ReactNode {
  const { t } = useTranslation();
  switch (meta.conversion) {
    case 'ready':
      return <PdfViewer src={fileUrl(fileId, { preview: true })} />;
    case 'failed':
      return (
        <DownloadInstead
          fileId={fileId}
          testId="file-preview-conversion-failed"
          title={t('preview:conversion.failedTitle')}
          description={t('preview:conversion.failed')}
        />
      );
    case 'unavailable':
      return (
        <DownloadInstead
          fileId={fileId}
          testId="file-preview-conversion-unavailable"
          title={t('preview:conversion.unavailableTitle')}
          description={t('preview:conversion.unavailable')}
        />
      );
    default:
      return <ConvertingState />;
  }
}
