import { DeleteOutlined, LoadingOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { App, Button, Image, Typography, Upload } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { getHttpConfig } from '../../../lib/http';
import { uploadPhoto } from '../api';

/** One photo of the form: on its way up, stored (`ref`: what the record takes), or failed. */
export interface PhotoItem {
  uid: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  ref?: string;
  url?: string;
  error?: string;
}

export const photosPending = (items: readonly PhotoItem[] = []) =>
  items.some((i) => i.status === 'uploading');
export const photosFailed = (items: readonly PhotoItem[] = []) => items.some((i) => i.status === 'error');
export const photoRefs = (items: readonly PhotoItem[] = []) =>
  items.flatMap((item) => (item.status === 'done' && item.ref ? [item.ref] : []));

/** A stored file's address as the browser loads it (`thumbnail`: its small version). */
export function photoUrl(url: string, thumbnail = false): string {
  const full = /^[a-z]+:/i.test(url) ? url : `${getHttpConfig().baseUrl}${url}`;
  return thumbnail ? `${full}${full.includes('?') ? '&' : '?'}thumbnail=true` : full;
}

interface PhotosFieldProps {
  projectId: string;
  max: number;
  id?: string;
  value?: PhotoItem[];
  onChange?: (value: PhotoItem[]) => void;
}

/**
 * A violation's photos: each picked image goes to the project's files at once and shows as a thumbnail.
 * Past `max`, the extra images are refused with a message saying so and the add button goes.
 */
export function PhotosField({ projectId, max, id, value = [], onChange }: PhotosFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
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

  const emit = (next: PhotoItem[]) => {
    items.current = next;
    onChange?.(next);
  };
  const update = (uid: string, patch: Partial<PhotoItem>) =>
    emit(items.current.map((item) => (item.uid === uid ? { ...item, ...patch } : item)));

  const start = (file: File & { uid?: string }) => {
    const uid = file.uid ?? `${Date.now()}-${Math.random()}`;
    const controller = new AbortController();
    controllers.current.set(uid, controller);
    emit([...items.current, { uid, name: file.name, status: 'uploading' }]);
    uploadPhoto(projectId, file, controller.signal)
      .then((url) => update(uid, { status: 'done', ref: url, url }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) update(uid, { status: 'error', error: errorMessage(error, t) });
      })
      .finally(() => controllers.current.delete(uid));
  };

  const remove = (item: PhotoItem) => {
    controllers.current.get(item.uid)?.abort();
    emit(items.current.filter((other) => other.uid !== item.uid));
  };

  return (
    <div className="violation-photos" data-testid="violation-photos">
      {value.map((item, index) => (
        <div
          key={item.uid}
          className="violation-photos__item"
          data-testid="violation-photo"
          data-status={item.status}
        >
          {item.status === 'done' && item.url ? (
            <Image
              src={photoUrl(item.url, true)}
              preview={{ src: photoUrl(item.url) }}
              alt={t('attendance:photos.alt', { index: index + 1 })}
              width={88}
              height={88}
            />
          ) : (
            <div className="violation-photos__placeholder" title={item.error ?? item.name}>
              {item.status === 'uploading' ? (
                <LoadingOutlined aria-label={t('attendance:photos.uploading', { name: item.name })} />
              ) : (
                <Typography.Text type="danger" role="alert">
                  <WarningOutlined /> {t('attendance:photos.failed', { name: item.name })}
                </Typography.Text>
              )}
            </div>
          )}
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('attendance:photos.remove', { index: index + 1 })}
            onClick={() => remove(item)}
          />
        </div>
      ))}
      {value.length < max ? (
        <Upload
          accept="image/jpeg,image/png,image/gif,image/webp"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            if (items.current.length >= max) {
              void message.error(t('attendance:photos.tooMany', { max }));
              return Upload.LIST_IGNORE;
            }
            start(file);
            // The upload is ours (uploadPhoto): antd only picks the files.
            return Upload.LIST_IGNORE;
          }}
        >
          <button type="button" id={id} className="violation-photos__add" data-testid="violation-photos-add">
            <PlusOutlined />
            <div>{t('attendance:photos.add')}</div>
          </button>
        </Upload>
      ) : null}
      <Typography.Text
        type="secondary"
        className="violation-photos__hint"
        data-testid="violation-photos-hint"
      >
        {t('attendance:photos.hint', { count: value.length, max })}
      </Typography.Text>
    </div>
  );
}
