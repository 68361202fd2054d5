import { useRef, useState } from 'react';
import { usePreviewKeys } from './keyboard';
import { FileErrorState } from './PreviewStates';
import { useElementSize } from './useElementSize';
import { ViewerToolbar, ZoomLimitNotice } from './ViewerToolbar';
import { useZoom } from './zoom';

/** Room kept around the image inside the stage, in CSS pixels. */
const STAGE_PADDING = 32;

interface NaturalSize {
  width: number;
  height: number;
}

/** The scale at which the whole image fits the stage, never enlarged (1 until both sizes are known). */
export function imageFitScale(natural: NaturalSize | null, stage: { width: number; height: number }): number {
  if (!natural || stage.width <= 0 || stage.height <= 0) return 1;
  return Math.min(
    1,
    (stage.width - STAGE_PADDING) / natural.width,
    (stage.height - STAGE_PADDING) / natural.height,
  );
}

/** An image, fitted to the stage at first; zoom in and out (with the limit notice) and back to fit. */
export function ImageViewer({ src, name }: { src: string; name: string }) {
  const stage = useRef<HTMLDivElement>(null);
  const size = useElementSize(stage);
  const [natural, setNatural] = useState<NaturalSize | null>(null);
  const [failed, setFailed] = useState(false);
  const zoom = useZoom(Math.max(0.01, imageFitScale(natural, size)));
  usePreviewKeys({ zoomIn: zoom.zoomIn, zoomOut: zoom.zoomOut, fit: zoom.fit });

  if (failed) return <FileErrorState />;
  return (
    <>
      <ViewerToolbar zoom={zoom} />
      <ZoomLimitNotice zoom={zoom} />
      <div className="file-preview__stage file-preview__stage--centered" ref={stage}>
        <img
          className="file-preview__image"
          src={src}
          alt={name}
          draggable={false}
          style={
            natural
              ? { width: natural.width * zoom.scale, height: natural.height * zoom.scale }
              : { maxWidth: '100%' }
          }
          onLoad={(event) =>
            setNatural({
              width: event.currentTarget.naturalWidth || 1,
              height: event.currentTarget.naturalHeight || 1,
            })
          }
          onError={() => setFailed(true)}
          data-testid="file-preview-image"
        />
      </div>
    </>
  );
}
