/** What ImageCropDialog saves: JPEG at this quality (spec 000 §2 "save it as JPEG"). */
export const CROP_OUTPUT_TYPE = 'image/jpeg';
export const CROP_OUTPUT_QUALITY = 0.9;
/** The chosen file may be a phone photo; the saved crop is scaled down to this many pixels on its long side. */
export const DEFAULT_CROP_MAX_SIDE = 1024;
/** The largest file the dialog opens (it is decoded in the browser, never uploaded as it is). */
export const DEFAULT_CROP_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Default aspect ratio, width / height (spec 000 §9). */
export const DEFAULT_CROP_ASPECT = 1;

/** A rectangle in the pixels of the original image. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type ImageFileProblem = 'notImage' | 'tooLarge' | 'empty';

/**
 * Any image type the browser reports can be tried (the crop is re-encoded as JPEG, so the server only ever
 * sees JPEG); one the browser then cannot decode is reported when it fails to load. Other files are refused
 * before reading them, and so are files over the size limit.
 */
export function checkImageFile(file: File, maxBytes: number): ImageFileProblem | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}

/** '10 MB', '512 KB': a limit as the hint shows it. */
export function formatLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The size of the saved image: the crop's own size, scaled down so its long side is at most `maxSide`, with
 * the height derived from the width so the aspect ratio is exact up to one pixel.
 */
export function cropOutputSize(
  area: Pick<CropArea, 'width' | 'height'>,
  aspect: number,
  maxSide: number,
): { width: number; height: number } {
  const longSide = Math.max(area.width, area.height);
  const scale = longSide > maxSide ? maxSide / longSide : 1;
  const width = Math.max(1, Math.round(area.width * scale));
  const height = Math.max(1, Math.round(width / aspect));
  return { width, height };
}

/** A usable crop: finite, positive, inside nothing stranger than the image. */
export function isCropArea(area: CropArea | null | undefined): area is CropArea {
  return (
    !!area &&
    [area.x, area.y, area.width, area.height].every(Number.isFinite) &&
    area.width > 0 &&
    area.height > 0
  );
}

/**
 * Draws `area` of `image` on a canvas of the output size and encodes it as JPEG. The canvas is painted white
 * first: JPEG has no transparency, and a transparent PNG would otherwise turn black.
 */
export function cropToJpeg(
  image: CanvasImageSource,
  area: CropArea,
  aspect: number,
  maxSide: number = DEFAULT_CROP_MAX_SIDE,
): Promise<Blob> {
  const { width, height } = cropOutputSize(area, aspect, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot draw images'));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))),
      CROP_OUTPUT_TYPE,
      CROP_OUTPUT_QUALITY,
    );
  });
}
