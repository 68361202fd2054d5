import { CameraOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './TakePhoto.css';

interface TakePhotoProps {
  /** The photo taken; it goes through the same checks and upload as a file chosen from the album. */
  onPhoto: (file: File) => void;
  /** Test id of the button; the file input is `${testId}-input`. */
  testId: string;
  /** A square tile like an upload card (an images field), instead of a button. */
  tile?: boolean;
  disabled?: boolean;
}

/**
 * "Take photo" on a touch device (issue 16): a file input that asks for the rear camera
 * (`capture="environment"`), opened by a button of its own beside the field's "choose from album". Phones
 * open the camera straight away; a browser without a camera falls back to its file chooser.
 */
export function TakePhoto({ onPhoto, testId, tile, disabled }: TakePhotoProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const open = () => input.current?.click();
  const label = t('common:photo.take');
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        // antd's Form gives file inputs `display: block`: `hidden` alone would show this one in a form.
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same photo taken again still reports a change
          if (file) onPhoto(file);
        }}
        data-testid={`${testId}-input`}
      />
      {tile ? (
        <button
          type="button"
          className="take-photo__tile"
          onClick={open}
          disabled={disabled}
          data-testid={testId}
        >
          <CameraOutlined />
          <div>{label}</div>
        </button>
      ) : (
        <Button icon={<CameraOutlined />} onClick={open} disabled={disabled} data-testid={testId}>
          {label}
        </Button>
      )}
    </>
  );
}
