import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Image, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TakePhoto } from '../../../components/TakePhoto';
import { useTouchDevice } from '../../../components/useTouchDevice';
import { errorMessage } from '../../../lib/errors';
import { uploadPictures } from '../api';

interface PicturesFieldProps {
  value?: string[] | string | null;
  onChange?: (value: string[] | string | null) => void;
  /** How many pictures the field holds; 1 makes the value a single path instead of a list. */
  max: number;
  testId: string;
  onError: (message: string) => void;
}

/**
 * Pictures uploaded through POST base-service/files (form field `picture`) and kept as their paths:
 * thumbnails with a preview and a remove button, and an add tile while there is room.
 */
export function PicturesField({ value, onChange, max, testId, onError }: PicturesFieldProps) {
  const { t } = useTranslation();
  const touch = useTouchDevice();
  const [busy, setBusy] = useState(false);
  const single = max === 1;
  const list = Array.isArray(value) ? value : value ? [value] : [];
  const emit = (next: string[]) => onChange?.(single ? (next[0] ?? null) : next);
  const add = (files: File[]) => {
    const room = max - list.length;
    if (files.length > room) onError(t('projectSettings:basic.picturesTooMany', { max }));
    const batch = files.slice(0, room);
    setBusy(true);
    uploadPictures(batch)
      .then((paths) => emit([...list, ...paths].slice(0, max)))
      .catch((error: unknown) => onError(errorMessage(error, t)))
      .finally(() => setBusy(false));
  };

  return (
    <div className="project-settings__pictures" data-testid={testId}>
      <Image.PreviewGroup>
        {list.map((path, index) => (
          <div className="project-settings__picture" key={path} data-testid={`${testId}-item`}>
            <Image src={path} alt={t('projectSettings:basic.pictureAlt', { index: index + 1 })} />
            <Button
              className="project-settings__picture-remove"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('projectSettings:basic.pictureRemove', { index: index + 1 })}
              onClick={() => emit(list.filter((p) => p !== path))}
            />
          </div>
        ))}
      </Image.PreviewGroup>
      {list.length < max ? (
        <Upload
          accept="image/*"
          multiple={!single}
          listType="picture-card"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file, files) => {
            // Called once per file: the batch is handled with its first file.
            if (file !== files[0]) return false;
            add(files);
            return false;
          }}
        >
          <button
            type="button"
            className="ant-upload-btn-plain"
            data-testid={`${testId}-add`}
            disabled={busy}
          >
            <PlusOutlined />
            <div>
              {busy
                ? t('projectSettings:basic.uploading')
                : touch
                  ? t('common:photo.album')
                  : t('projectSettings:basic.pictureAdd')}
            </div>
          </button>
        </Upload>
      ) : null}
      {/* On a touch device the camera, beside the album (issue 16). */}
      {list.length < max && touch ? (
        <TakePhoto onPhoto={(file) => add([file])} testId={`${testId}-camera`} tile disabled={busy} />
      ) : null}
    </div>
  );
}
