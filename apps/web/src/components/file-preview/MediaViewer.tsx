import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileErrorState } from './PreviewStates';

/** MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED: the browser cannot decode this file (its codec, not the server). */
const SRC_NOT_SUPPORTED = 4;

/**
 * Video (MP4, Ogg, WebM) and audio with the browser's own player: its controls are keyboard-accessible and
 * it streams with ranges, so a long site video starts at once. A file the browser cannot play says so.
 */
export function MediaViewer({ src, kind, name }: { src: string; kind: 'video' | 'audio'; name: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState<number | null>(null);
  if (error !== null) {
    return (
      <FileErrorState
        description={error === SRC_NOT_SUPPORTED ? t('preview:error.media') : t('preview:error.unreadable')}
      />
    );
  }
  const onError = (event: { currentTarget: HTMLMediaElement }) =>
    setError(event.currentTarget.error?.code ?? 0);
  return (
    <div className="file-preview__stage file-preview__stage--centered">
      {kind === 'video' ? (
        // biome-ignore lint/a11y/useMediaCaption: site recordings come without captions; none can be offered
        <video
          className="file-preview__video"
          src={src}
          controls
          preload="metadata"
          aria-label={name}
          onError={onError}
          data-testid="file-preview-video"
        />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: voice notes come without captions; none can be offered
        <audio
          className="file-preview__audio"
          src={src}
          controls
          preload="metadata"
          aria-label={name}
          onError={onError}
          data-testid="file-preview-audio"
        />
      )}
    </div>
  );
}
