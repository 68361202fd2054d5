import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Space, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TakePhoto } from '../../../components/TakePhoto';
import { useTouchDevice } from '../../../components/useTouchDevice';
import { errorMessage } from '../../../lib/errors';
import { discardUpload, uploadAttachment } from '../../../lib/projectFiles';
import type { AvatarValue } from '../formValues';
import { PersonAvatar } from './PersonAvatar';

interface AvatarFieldProps {
  projectId: string;
  id?: string;
  value?: AvatarValue | null;
  onChange?: (value: AvatarValue | null) => void;
}

/** The person's photo: an image uploaded to the project's files at once; shown from the local file meanwhile. */
export function AvatarField({ projectId, id, value = null, onChange }: AvatarFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const touch = useTouchDevice();
  const [uploading, setUploading] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const replace = (next: AvatarValue | null) => {
    // A photo this form uploaded and then replaced or removed is never saved: its bytes go too.
    if (value?.fresh) void discardUpload(value.fileId).catch(() => undefined);
    onChange?.(next);
  };

  const upload = async (file: File) => {
    controller.current?.abort();
    const running = new AbortController();
    controller.current = running;
    setUploading(true);
    try {
      const fileId = await uploadAttachment(projectId, file, {
        signal: running.signal,
        onProgress: () => undefined,
      });
      replace({ fileId, url: URL.createObjectURL(file), fresh: true });
    } catch (error) {
      if (!running.signal.aborted)
        void message.error(t('personnel:avatar.failed', { reason: errorMessage(error, t) }));
    } finally {
      if (controller.current === running) setUploading(false);
    }
  };

  const pick = (file: File) => {
    if (!file.type.startsWith('image/')) {
      void message.error(t('personnel:avatar.onlyImage'));
    } else {
      void upload(file);
    }
  };

  return (
    <Space align="center" wrap data-testid="person-avatar-field">
      <PersonAvatar url={value?.url} size={64} />
      <Upload
        accept="image/*"
        showUploadList={false}
        beforeUpload={(file) => {
          pick(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={uploading} data-testid="person-avatar-upload">
          {touch
            ? t('common:photo.album')
            : value
              ? t('personnel:avatar.change')
              : t('personnel:avatar.upload')}
        </Button>
      </Upload>
      {/* On a touch device the camera, beside the album (issue 16). */}
      {touch ? <TakePhoto onPhoto={pick} testId="person-avatar-camera" disabled={uploading} /> : null}
      {value ? (
        <Button
          type="text"
          icon={<DeleteOutlined />}
          onClick={() => replace(null)}
          aria-label={t('personnel:avatar.remove')}
          data-testid="person-avatar-remove"
        />
      ) : null}
    </Space>
  );
}
