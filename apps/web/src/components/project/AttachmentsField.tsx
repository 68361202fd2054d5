import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Typography, Upload } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { discardUpload, uploadAttachment } from '../../lib/projectFiles';
import { formatSize } from '../file-preview/formatSize';
import { TakePhoto } from '../TakePhoto';
import { useTouchDevice } from '../useTouchDevice';
import './locales';
// Styled by ./projectPage.css, which the stylesheets of the modules using it @import.

/** One attachment of the form: on its way up, stored (with its file id), or failed. */
export interface AttachmentItem {
  uid: string;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'error';
  percent: number;
  fileId?: string;
  error?: string;
}

interface AttachmentsFieldProps {
  projectId: string;
  /** How many files the module's record takes. */
  max: number;
  id?: string;
  value?: AttachmentItem[];
  onChange?: (value: AttachmentItem[]) => void;
}

export const uploadsPending = (items: readonly AttachmentItem[] = []) =>
  items.some((item) => item.status === 'uploading');
export const uploadsFailed = (items: readonly AttachmentItem[] = []) =>
  items.some((item) => item.status === 'error');

/**
 * Attachments: each file goes to the project's files at once (POST base-service/files?projectId=), with its
 * progress from the upload's own progress events; removing one stops its upload or deletes the stored file.
 * On a touch device a "take photo" button (the camera) stands beside it; a photo is one more attachment.
 */
export function AttachmentsField({ projectId, max, id, value = [], onChange }: AttachmentsFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const touch = useTouchDevice();
  // The latest list, for the upload callbacks that outlive a render.
  const items = useRef(value);
  items.current = value;
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const update = (uid: string, patch: Partial<AttachmentItem>) => {
    const next = items.current.map((item) => (item.uid === uid ? { ...item, ...patch } : item));
    items.current = next;
    onChange?.(next);
  };

  const start = (file: File & { uid?: string }) => {
    const uid = file.uid ?? `${Date.now()}-${Math.random()}`;
    const controller = new AbortController();
    controllers.current.set(uid, controller);
    const added = [
      ...items.current,
      { uid, name: file.name, size: file.size, status: 'uploading' as const, percent: 0 },
    ];
    items.current = added;
    onChange?.(added);
    uploadAttachment(projectId, file, {
      signal: controller.signal,
      onProgress: (percent) => update(uid, { percent }),
    })
      .then((fileId) => update(uid, { status: 'done', percent: 100, fileId }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        update(uid, { status: 'error', error: errorMessage(error, t) });
      })
      .finally(() => controllers.current.delete(uid));
  };

  /** A picked file: refused past `max`, else uploaded. */
  const take = (file: File & { uid?: string }) => {
    if (items.current.length >= max) {
      void message.error(t('projectCommon:attachments.tooMany', { max: max }));
      return;
    }
    start(file);
  };

  const remove = (item: AttachmentItem) => {
    controllers.current.get(item.uid)?.abort();
    if (item.fileId) void discardUpload(item.fileId).catch(() => undefined);
    const next = items.current.filter((other) => other.uid !== item.uid);
    items.current = next;
    onChange?.(next);
  };

  return (
    <div className="project-attachments" data-testid="attachments-field">
      <div className="project-attachments__pickers">
        <Upload
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            take(file);
            // The upload is ours (uploadAttachment, listed below): antd only picks the files.
            return Upload.LIST_IGNORE;
          }}
        >
          <Button id={id} icon={<UploadOutlined />} data-testid="attachments-add">
            {t('projectCommon:attachments.add')}
          </Button>
        </Upload>
        {touch ? <TakePhoto onPhoto={take} testId="attachments-camera" /> : null}
      </div>
      <Typography.Text type="secondary" className="project-attachments__hint">
        {t('projectCommon:attachments.hint', { max: max })}
      </Typography.Text>
      {value.length > 0 ? (
        <ul className="project-attachments__list" data-testid="attachments-list">
          {value.map((item) => (
            <li
              key={item.uid}
              className="project-attachments__item"
              data-testid="attachment-item"
              data-status={item.status}
            >
              <PaperClipOutlined aria-hidden />
              <span className="project-attachments__name">{item.name}</span>
              <Typography.Text type="secondary">{formatSize(item.size)}</Typography.Text>
              {item.status === 'uploading' ? (
                <Progress
                  className="project-attachments__progress"
                  percent={item.percent}
                  size="small"
                  aria-label={t('projectCommon:attachments.uploading', {
                    name: item.name,
                    percent: item.percent,
                  })}
                  data-testid="attachment-progress"
                />
              ) : null}
              {item.status === 'error' ? (
                <Typography.Text type="danger" role="alert">
                  {t('projectCommon:attachments.failed', { name: item.name, reason: item.error ?? '' })}
                </Typography.Text>
              ) : null}
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('projectCommon:attachments.remove', { name: item.name })}
                onClick={() => remove(item)}
                data-testid="attachment-remove"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
