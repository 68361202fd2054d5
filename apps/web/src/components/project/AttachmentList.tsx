import { DownloadOutlined, EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getHttpConfig } from '../../lib/http';
import { formatSize } from '../file-preview/formatSize';
import './locales';
import { lazyComponent } from '../../lib/lazyComponent';

// The preview (its viewers, pdf.js's loader) loads when a file is first opened.
const FilePreviewModal = lazyComponent(
  () => import('../file-preview/FilePreviewModal').then((module) => module.FilePreviewModal),
  { when: (props) => props.fileId !== null },
);
// Styled by ./projectPage.css, which the stylesheets of the modules using it @import.

/** A stored file of a record (announcement, contact sheet, reply): its id, name, size and download path. */
export interface StoredAttachment {
  _id: string;
  name: string;
  size: number;
  url: string;
}

/** A record's attachments: each can be previewed in place or downloaded. */
export function AttachmentList({ attachments }: { attachments: readonly StoredAttachment[] }) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState<string | null>(null);
  return (
    <>
      <ul className="project-attachment-list" data-testid="attachment-list">
        {attachments.map((file) => (
          <li key={file._id} className="project-attachment-list__item">
            <PaperClipOutlined aria-hidden />
            <span className="project-attachment-list__name">{file.name}</span>
            <Typography.Text type="secondary">{formatSize(file.size)}</Typography.Text>
            <Space size={0}>
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('projectCommon:attachments.preview', { name: file.name })}
                onClick={() => setPreviewing(file._id)}
              />
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                href={`${getHttpConfig().baseUrl}${file.url}`}
                download={file.name}
                aria-label={t('projectCommon:attachments.download', { name: file.name })}
              />
            </Space>
          </li>
        ))}
      </ul>
      <FilePreviewModal fileId={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
