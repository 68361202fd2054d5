import { DeleteOutlined, LoadingOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { App, Button, Image, Typography, Upload } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { fileUrl, uploadPicture } from '../../lib/projectFiles';
import { TakePhoto } from '../TakePhoto';
import { useTouchDevice } from '../useTouchDevice';
import './locales';
// Styled by ./projectPage.css, which the stylesheets of the modules using it @import.

/** One image of a form: on its way up, stored (`ref`: what the record takes), or failed. */
export interface ImageItem {
  uid: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  /** What the record sends for it: the upload's URL, or a kept image's id. */
  ref?: string;
  /** Where it shows (`/api/v1/base-service/files/<id>`). */
  url?: string;
  error?: string;
}

export const imagesPending = (items: readonly ImageItem[] = []) =>
  items.some((i) => i.status === 'uploading');
export const imagesFailed = (items: readonly ImageItem[] = []) => items.some((i) => i.status === 'error');
export const imageRefs = (items: readonly ImageItem[] = []) =>
  items.flatMap((item) => (item.status === 'done' && item.ref ? [item.ref] : []));

interface ImagesFieldProps {
  projectId: string;
  max: number;
  /** The field's test id; its parts add `-item`, `-remove`, `-add`, `-hint`. */
  testId: string;
  id?: string;
  value?: ImageItem[];
  onChange?: (value: ImageItem[]) => void;
}

/**
 * A form's images (a topic's, a response's, a violation's photos): each picked image goes to the project's
 * files at once (an image only: the server refuses other kinds), shown as a thumbnail that opens the full
 * picture. Past `max`, the extra images are refused with a message saying so and the add button goes.
 * On a touch device "take photo" (the camera) stands beside "choose from album"; both take the same way in.
 */
export function ImagesField({ projectId, max, testId, id, value = [], onChange }: ImagesFieldProps) {
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

  const emit = (next: ImageItem[]) => {
    items.current = next;
    onChange?.(next);
  };
  const update = (uid: string, patch: Partial<ImageItem>) =>
    emit(items.current.map((item) => (item.uid === uid ? { ...item, ...patch } : item)));

  const start = (file: File & { uid?: string }) => {
    const uid = file.uid ?? `${Date.now()}-${Math.random()}`;
    const controller = new AbortController();
    controllers.current.set(uid, controller);
    emit([...items.current, { uid, name: file.name, status: 'uploading' }]);
    uploadPicture(projectId, file, controller.signal)
      .then((url) => update(uid, { status: 'done', ref: url, url }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        update(uid, { status: 'error', error: errorMessage(error, t) });
      })
      .finally(() => controllers.current.delete(uid));
  };

  /** A picked image: refused past `max`, else uploaded. */
  const take = (file: File & { uid?: string }) => {
    if (items.current.length >= max) {
      void message.error(t('projectCommon:images.tooMany', { max }));
      return;
    }
    start(file);
  };

  const remove = (item: ImageItem) => {
    controllers.current.get(item.uid)?.abort();
    emit(items.current.filter((other) => other.uid !== item.uid));
  };

  return (
    <div className="project-images" data-testid={testId}>
      <Image.PreviewGroup>
        {value.map((item, index) => (
          <div
            key={item.uid}
            className="project-images__item"
            data-testid={`${testId}-item`}
            data-status={item.status}
          >
            {item.status === 'done' && item.url ? (
              <Image
                src={fileUrl(item.url, true)}
                preview={{ src: fileUrl(item.url) }}
                alt={t('projectCommon:images.alt', { index: index + 1 })}
                width={88}
                height={88}
              />
            ) : (
              <div className="project-images__placeholder" title={item.error ?? item.name}>
                {item.status === 'uploading' ? (
                  <LoadingOutlined aria-label={t('projectCommon:images.uploading', { name: item.name })} />
                ) : (
                  <Typography.Text type="danger" role="alert">
                    <WarningOutlined />{' '}
                    {t('projectCommon:images.failed', { name: item.name, reason: item.error ?? '' })}
                  </Typography.Text>
                )}
              </div>
            )}
            <Button
              className="project-images__remove"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('projectCommon:images.remove', { index: index + 1 })}
              onClick={() => remove(item)}
              data-testid={`${testId}-remove`}
            />
          </div>
        ))}
      </Image.PreviewGroup>
      {value.length < max ? (
        <Upload
          accept="image/jpeg,image/png,image/gif,image/webp"
          multiple
          listType="picture-card"
          showUploadList={false}
          beforeUpload={(file) => {
            take(file);
            // The upload is ours (uploadPicture): antd only picks the files.
            return Upload.LIST_IGNORE;
          }}
        >
          <button type="button" id={id} className="project-images__add" data-testid={`${testId}-add`}>
            <PlusOutlined />
            <div>{touch ? t('common:photo.album') : t('projectCommon:images.add')}</div>
          </button>
        </Upload>
      ) : null}
      {value.length < max && touch ? <TakePhoto onPhoto={take} testId={`${testId}-camera`} tile /> : null}
      <Typography.Text type="secondary" className="project-images__hint" data-testid={`${testId}-hint`}>
        {t('projectCommon:images.hint', { count: value.length, max })}
      </Typography.Text>
    </div>
  );
}
