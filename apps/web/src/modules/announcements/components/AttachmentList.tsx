import { DownloadOutlined, EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { AnnouncementAttachment } from '@lintel/contracts/announcements';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePreviewModal } from '../../../components/file-preview/FilePreviewModal';
import { formatSize } from '../../../components/file-preview/formatSize';
import { getHttpConfig } from '../../../lib/http';

/** An announcement's attachments: each can be previewed in place or downloaded. */
export function AttachmentList({ attachments }: { attachments: AnnouncementAttachment[] }) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState<string | null>(null);
  return (
    <>
      <ul className="announcement-attachment-list" data-testid="announcement-attachments">
        {attachments.map((file) => (
          <li key={file._id} className="announcement-attachment-list__item">
            <PaperClipOutlined aria-hidden />
            <span className="announcement-attachment-list__name">{file.name}</span>
            <Typography.Text type="secondary">{formatSize(file.size)}</Typography.Text>
            <Space size={0}>
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('announcements:detail.preview', { name: file.name })}
                onClick={() => setPreviewing(file._id)}
              />
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                href={`${getHttpConfig().baseUrl}${file.url}`}
                download={file.name}
                aria-label={t('announcements:detail.download', { name: file.name })}
              />
            </Space>
          </li>
        ))}
      </ul>
      <FilePreviewModal fileId={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
