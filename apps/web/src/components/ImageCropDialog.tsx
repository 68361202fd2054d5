import './profileTexts';
import './ImageCropDialog.css';
import { MinusOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, type ButtonProps, Modal, Progress, Slider } from 'antd';
import {
  type DragEvent,
  type HTMLAttributes,
  type KeyboardEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import {
  checkImageFile,
  cropToJpeg,
  DEFAULT_CROP_ASPECT,
  DEFAULT_CROP_MAX_FILE_BYTES,
  DEFAULT_CROP_MAX_SIDE,
  formatLimit,
  type ImageFileProblem,
  isCropArea,
} from './imageCrop';
import { TakePhoto } from './TakePhoto';
import { useTouchDevice } from './useTouchDevice';

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;
const ZOOM_KEY_STEP = 0.1;
/** Arrow keys move the image by this many screen pixels (Shift: a fifth of it). */
const KEYBOARD_STEP = 10;

export interface ImageCropDialogProps {
  open: boolean;
  /** Width / height of the crop (spec 000 §9: 1 by default). */
  aspect?: number;
  title?: string;
  /** The largest file accepted, in bytes. */
  maxFileBytes?: number;
  /** The saved JPEG is at most this many pixels on its long side. */
  maxOutputSize?: number;
  /**
   * Receives the cropped JPEG. The dialog shows itself busy until the returned promise settles; the caller
   * closes it (`open`) on success and passes `error` on failure, the crop staying as it was for another try.
   */
  onConfirm: (jpeg: Blob) => Promise<unknown> | undefined;
  onCancel: () => void;
  /** Upload progress, 0–100, while `onConfirm` runs (when the caller knows it). */
  progress?: number | null;
  /** Why the last `onConfirm` failed, already a display text. */
  error?: string | null;
}

type Problem = ImageFileProblem | 'unreadable' | 'encode';

/**
 * Choose an image, frame it and save it as JPEG (spec 000 §2 "image-crop dialog"). The image is moved by
 * dragging (mouse or touch) and zoomed with the wheel, a pinch or the slider; with the keyboard, the crop area
 * takes focus, arrow keys move the image and + / − zoom. Built on react-easy-crop (MIT, ~8 KB gzip); this
 * module is loaded only when a screen opens the dialog.
 */
export default function ImageCropDialog({
  open,
  aspect = DEFAULT_CROP_ASPECT,
  title,
  maxFileBytes = DEFAULT_CROP_MAX_FILE_BYTES,
  maxOutputSize = DEFAULT_CROP_MAX_SIDE,
  onConfirm,
  onCancel,
  progress = null,
  error = null,
}: ImageCropDialogProps) {
  const { t } = useTranslation();
  const touch = useTouchDevice();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const image = useRef<HTMLImageElement | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  // The crop frame is sized from the stage's on-screen box when the image loads: not while the dialog is
  // still zooming in (a transform a ResizeObserver does not see), so the cropper waits for the animation.
  const [settled, setSettled] = useState(false);

  // The object URL of the chosen file lives as long as it is shown.
  useEffect(() => {
    if (!source) return;
    return () => URL.revokeObjectURL(source);
  }, [source]);

  // A closed dialog forgets its image: the next opening starts from the file choice.
  useEffect(() => {
    if (open) return;
    setSource(null);
    setArea(null);
    setProblem(null);
    setZoom(MIN_ZOOM);
    setCrop({ x: 0, y: 0 });
  }, [open]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const found = checkImageFile(file, maxFileBytes);
    setProblem(found);
    if (found) return;
    setArea(null);
    setZoom(MIN_ZOOM);
    setCrop({ x: 0, y: 0 });
    setSource(URL.createObjectURL(file));
  };

  const pick = () => fileInput.current?.click();

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    choose(event.dataTransfer.files[0]);
  };

  const onZoomKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === '+' || event.key === '=') {
      setZoom((value) => Math.min(MAX_ZOOM, value + ZOOM_KEY_STEP));
    } else if (event.key === '-' || event.key === '_') {
      setZoom((value) => Math.max(MIN_ZOOM, value - ZOOM_KEY_STEP));
    } else {
      return;
    }
    event.preventDefault();
  };

  const save = async () => {
    if (!image.current || !isCropArea(area) || saving) return;
    setSaving(true);
    try {
      let jpeg: Blob;
      try {
        jpeg = await cropToJpeg(image.current, area, aspect, maxOutputSize);
      } catch {
        setProblem('encode');
        return;
      }
      setProblem(null);
      await onConfirm(jpeg);
    } catch {
      // The caller reports its failure through `error`; the crop stays for another try.
    } finally {
      setSaving(false);
    }
  };

  const problemText = problem
    ? t(`profile:crop.problem.${problem}`, { limit: formatLimit(maxFileBytes) })
    : null;
  const ready = source !== null && isCropArea(area);

  return (
    <Modal
      open={open}
      title={title ?? t('profile:crop.title')}
      width={560}
      mask={{ closable: false }}
      destroyOnHidden
      okText={t('profile:crop.save')}
      cancelText={t('profile:crop.cancel')}
      onOk={() => void save()}
      onCancel={onCancel}
      afterOpenChange={setSettled}
      confirmLoading={saving}
      okButtonProps={{ disabled: !ready, 'data-testid': 'image-crop-save' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'image-crop-cancel' } as ButtonProps}
    >
      <div className="image-crop" data-testid="image-crop-dialog">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = ''; // choosing the same file again still reports a change
          }}
          data-testid="image-crop-file"
        />
        {source ? (
          <>
            {/* biome-ignore lint/a11y/noStaticElementInteractions: +/- zoom keys bubble up from the focusable crop area */}
            <div className="image-crop__stage" onKeyDown={onZoomKeys} data-testid="image-crop-stage">
              {settled ? (
                <Cropper
                  image={source}
                  crop={crop}
                  zoom={zoom}
                  aspect={aspect}
                  minZoom={MIN_ZOOM}
                  maxZoom={MAX_ZOOM}
                  keyboardStep={KEYBOARD_STEP}
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onCropComplete={(_, pixels) => setArea(pixels)}
                  setImageRef={(ref) => {
                    image.current = ref.current;
                  }}
                  mediaProps={{ onError: () => setProblem('unreadable') }}
                  cropperProps={
                    {
                      'aria-label': t('profile:crop.area'),
                      'aria-describedby': hintId,
                      'data-testid': 'image-crop-area',
                    } as HTMLAttributes<HTMLDivElement>
                  }
                />
              ) : null}
            </div>
            <div className="image-crop__zoom">
              <Button
                type="text"
                icon={<MinusOutlined />}
                aria-label={t('profile:crop.zoomOut')}
                disabled={zoom <= MIN_ZOOM}
                onClick={() => setZoom((value) => Math.max(MIN_ZOOM, value - ZOOM_KEY_STEP))}
              />
              <Slider
                className="image-crop__slider"
                min={MIN_ZOOM}
                max={MAX_ZOOM}
                step={0.01}
                value={zoom}
                onChange={(value) => setZoom(value)}
                tooltip={{ formatter: (value) => `${Math.round((value ?? 1) * 100)}%` }}
                ariaLabelForHandle={t('profile:crop.zoom')}
                data-testid="image-crop-zoom"
              />
              <Button
                type="text"
                icon={<PlusOutlined />}
                aria-label={t('profile:crop.zoomIn')}
                disabled={zoom >= MAX_ZOOM}
                onClick={() => setZoom((value) => Math.min(MAX_ZOOM, value + ZOOM_KEY_STEP))}
              />
            </div>
            <p id={hintId} className="image-crop__hint">
              {t('profile:crop.hint')}
            </p>
            <div className="image-crop__pickers">
              <Button onClick={pick} disabled={saving} data-testid="image-crop-choose-again">
                {touch ? t('common:photo.album') : t('profile:crop.chooseAgain')}
              </Button>
              {touch ? <TakePhoto onPhoto={choose} testId="image-crop-camera" disabled={saving} /> : null}
            </div>
          </>
        ) : (
          <section
            className="image-crop__empty"
            aria-label={t('profile:crop.dropZone')}
            onDragOver={(event) => event.preventDefault()}
            onDrop={onDrop}
          >
            <PictureOutlined className="image-crop__empty-icon" aria-hidden />
            <p className="image-crop__empty-text">{t('profile:crop.empty')}</p>
            <div className="image-crop__pickers">
              <Button type="primary" onClick={pick} data-testid="image-crop-choose">
                {touch ? t('common:photo.album') : t('profile:crop.choose')}
              </Button>
              {/* On a touch device the camera, beside the album (issue 16). */}
              {touch ? <TakePhoto onPhoto={choose} testId="image-crop-camera" /> : null}
            </div>
            <p className="image-crop__hint">
              {t('profile:crop.limits', { limit: formatLimit(maxFileBytes) })}
            </p>
          </section>
        )}
        {problemText ? (
          <Alert
            className="image-crop__alert"
            type="error"
            showIcon
            title={problemText}
            data-testid="image-crop-error"
          />
        ) : null}
        {progress !== null && saving ? (
          <Progress percent={progress} size="small" data-testid="image-crop-progress" />
        ) : null}
        {error && !saving ? (
          <Alert
            className="image-crop__alert"
            type="error"
            showIcon
            title={error}
            data-testid="image-crop-upload-error"
          />
        ) : null}
      </div>
    </Modal>
  );
}
