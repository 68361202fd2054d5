import { TYPES } from './file-kinds';

/**
 * How the web previews a stored file (spec 001 §2 "File preview"), told by its stored Content-Type:
 * - image, pdf, video, audio, text: shown as they are (an <img>, pdf.js, the native players, a text block);
 * - office: converted to PDF with LibreOffice first (conversion.ts), then shown with pdf.js;
 * - none: not previewable (spec 001 §9 ".xls is not previewable"): downloaded instead.
 */
export type PreviewKind = 'image' | 'pdf' | 'video' | 'audio' | 'text' | 'office' | 'none';

/** The extension LibreOffice reads a converted document under (it picks its import filter by it). */
export const OFFICE_EXTENSIONS: ReadonlyMap<string, string> = new Map([
  [TYPES.doc.mime, 'doc'],
  [TYPES.docx.mime, 'docx'],
  [TYPES.xlsx.mime, 'xlsx'],
  [TYPES.ppt.mime, 'ppt'],
  [TYPES.pptx.mime, 'pptx'],
  [TYPES.odt.mime, 'odt'],
  [TYPES.ods.mime, 'ods'],
  [TYPES.odp.mime, 'odp'],
]);

// Images every current browser decodes (TIFF and HEIC are not among them: they download).
const IMAGES = new Set<string>([
  TYPES.jpeg.mime,
  TYPES.png.mime,
  TYPES.gif.mime,
  TYPES.webp.mime,
  TYPES.avif.mime,
  TYPES.bmp.mime,
]);
// The video formats of spec 001 §2 (MP4, Ogg, WebM); an Ogg of unknown content goes to the video player,
// which plays Ogg audio as well.
const VIDEOS = new Set<string>([TYPES.mp4.mime, TYPES.webm.mime, TYPES.oggVideo.mime, TYPES.ogg.mime]);
const AUDIOS = new Set<string>([
  TYPES.mp3.mime,
  TYPES.m4a.mime,
  TYPES.aac.mime,
  TYPES.wav.mime,
  TYPES.flac.mime,
  TYPES.oggAudio.mime,
]);

export function previewKindOf(mime: string): PreviewKind {
  if (IMAGES.has(mime)) return 'image';
  if (mime === TYPES.pdf.mime) return 'pdf';
  if (VIDEOS.has(mime)) return 'video';
  if (AUDIOS.has(mime)) return 'audio';
  if (mime === TYPES.text.mime) return 'text';
  // The legacy Excel format is deliberately absent (spec 001 §9 ".xls is not previewable").
  if (OFFICE_EXTENSIONS.has(mime)) return 'office';
  return 'none';
}
