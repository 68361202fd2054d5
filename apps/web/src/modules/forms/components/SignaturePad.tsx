import { ClearOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Image, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { fileUrl, uploadPicture } from '../../../lib/projectFiles';
import { type SignatureState, storedFileUrl } from '../formValues';

interface SignaturePadProps {
  projectId: string;
  value?: SignatureState;
  onChange: (value: SignatureState | undefined) => void;
  testId: string;
}

/** The pad's drawing size in CSS pixels; the canvas holds devicePixelRatio times as many. */
const PAD_HEIGHT = 180;
const LINE_WIDTH = 2.5;

/**
 * A signature drawn with a finger, a pen or the mouse (pointer events: one code path for all three), cleared
 * or confirmed; the confirmed drawing goes up as a PNG to the project's files and the form keeps its id.
 * A stored signature shows as its picture, with "sign again".
 */
export function SignaturePad({ projectId, value, onChange, testId }: SignaturePadProps) {
  const { t } = useTranslation('forms');
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [inked, setInked] = useState(false);
  const [hint, setHint] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  // The canvas takes the pad's size in device pixels, so the strokes are sharp on a phone's screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the canvas is (re)mounted when the value is cleared
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    const width = element.clientWidth || 320;
    element.width = Math.round(width * ratio);
    element.height = Math.round(PAD_HEIGHT * ratio);
    const context = element.getContext('2d');
    context?.scale(ratio, ratio);
  }, [value?.status === 'done']);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const stroke = (to: { x: number; y: number }) => {
    const context = canvas.current?.getContext('2d');
    const from = last.current ?? to;
    if (context) {
      context.lineWidth = LINE_WIDTH;
      context.lineCap = 'round';
      context.lineJoin = 'round';
      context.strokeStyle = '#111';
      context.beginPath();
      context.moveTo(from.x, from.y);
      context.lineTo(to.x + (from === to ? 0.01 : 0), to.y);
      context.stroke();
    }
    last.current = to;
    setInked(true);
    setHint(false);
  };

  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    last.current = null;
    setInked(false);
  };

  const confirm = () => {
    const element = canvas.current;
    if (!element || !inked) {
      setHint(true);
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    onChange({ status: 'uploading' });
    element.toBlob((blob) => {
      if (!blob) {
        onChange({ status: 'error', error: t('renderer.signatureEmpty') });
        return;
      }
      const file = new File([blob], 'signature.png', { type: 'image/png' });
      uploadPicture(projectId, file, abort.signal)
        .then((url) => onChange({ status: 'done', fileId: url.split('/').pop() ?? '' }))
        .catch((error: unknown) => {
          if (!abort.signal.aborted) onChange({ status: 'error', error: errorMessage(error, t) });
        });
    }, 'image/png');
  };

  if (value?.status === 'done' && value.fileId) {
    return (
      <div className="forms-signature" data-testid={testId} data-state="done">
        <Image
          className="forms-signature__image"
          src={fileUrl(storedFileUrl(value.fileId))}
          alt={t('renderer.signatureAlt')}
          height={96}
          preview={false}
        />
        <Button
          icon={<EditOutlined />}
          onClick={() => {
            setInked(false);
            onChange(undefined);
          }}
          data-testid={`${testId}-again`}
        >
          {t('renderer.signAgain')}
        </Button>
      </div>
    );
  }

  const saving = value?.status === 'uploading';
  return (
    <div className="forms-signature" data-testid={testId} data-state={value?.status ?? 'empty'}>
      <div className="forms-signature__pad">
        <canvas
          ref={canvas}
          className="forms-signature__canvas"
          style={{ height: PAD_HEIGHT }}
          role="img"
          aria-label={t('renderer.signaturePad')}
          data-testid={`${testId}-canvas`}
          onPointerDown={(event) => {
            if (saving) return;
            event.currentTarget.setPointerCapture?.(event.pointerId);
            last.current = null;
            stroke(point(event));
          }}
          onPointerMove={(event) => {
            if (last.current && event.buttons !== 0) stroke(point(event));
          }}
          onPointerUp={() => {
            last.current = null;
          }}
          onPointerCancel={() => {
            last.current = null;
          }}
        />
        {!inked ? (
          <span className="forms-signature__placeholder" aria-hidden>
            {t('renderer.signHere')}
          </span>
        ) : null}
      </div>
      <Space wrap>
        <Button
          icon={<ClearOutlined />}
          onClick={clear}
          disabled={!inked || saving}
          data-testid={`${testId}-clear`}
        >
          {t('renderer.clear')}
        </Button>
        <Button type="primary" ghost onClick={confirm} loading={saving} data-testid={`${testId}-confirm`}>
          {t('renderer.confirmSignature')}
        </Button>
      </Space>
      {hint ? (
        <Typography.Text type="warning" role="status">
          {t('renderer.signatureEmpty')}
        </Typography.Text>
      ) : null}
      {value?.status === 'error' ? (
        <Typography.Text type="danger" role="alert">
          {value.error}
        </Typography.Text>
      ) : null}
    </div>
  );
}
