/** The kinds of file the files module accepts, and what each one is served as (file-type.ts tells them). */

/** Which size limit applies: UPLOAD_IMAGE_MAX_BYTES for images browsers show, UPLOAD_FILE_MAX_BYTES else. */
export type SizeClass = 'image' | 'file';

export interface FileType {
  /** The Content-Type the file is served with. */
  mime: string;
  sizeClass: SizeClass;
  /** JPEG, PNG, GIF or WebP: accepted in the `picture` field, thumbnailed, readable as a profile picture. */
  picture: boolean;
  /** Shown by the browser (images, PDF, video, audio, text); other kinds download as attachments. */
  inline: boolean;
}

export interface ContentCheck {
  /** Sees the body in order, from its first byte; false: refused already (no need to read on). */
  update(chunk: Buffer): boolean;
  /** The final type once the whole body was seen; null: refused. */
  finish(): FileType | null;
}

function picture(mime: string): FileType {
  return { mime, sizeClass: 'image', picture: true, inline: true };
}
function shown(mime: string): FileType {
  return { mime, sizeClass: 'file', picture: false, inline: true };
}
function download(mime: string): FileType {
  return { mime, sizeClass: 'file', picture: false, inline: false };
}

export const TYPES = {
  jpeg: picture('image/jpeg'),
  png: picture('image/png'),
  gif: picture('image/gif'),
  webp: picture('image/webp'),
  avif: shown('image/avif'),
  bmp: shown('image/bmp'),
  tiff: download('image/tiff'),
  heic: download('image/heic'),
  pdf: shown('application/pdf'),
  text: shown('text/plain; charset=utf-8'),
  rtf: download('application/rtf'),
  doc: download('application/msword'),
  xls: download('application/vnd.ms-excel'),
  ppt: download('application/vnd.ms-powerpoint'),
  docx: download('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  docm: download('application/vnd.ms-word.document.macroEnabled.12'),
  xlsx: download('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  xlsm: download('application/vnd.ms-excel.sheet.macroEnabled.12'),
  pptx: download('application/vnd.openxmlformats-officedocument.presentationml.presentation'),
  pptm: download('application/vnd.ms-powerpoint.presentation.macroEnabled.12'),
  odt: download('application/vnd.oasis.opendocument.text'),
  ods: download('application/vnd.oasis.opendocument.spreadsheet'),
  odp: download('application/vnd.oasis.opendocument.presentation'),
  zip: download('application/zip'),
  sevenZip: download('application/x-7z-compressed'),
  rar: download('application/vnd.rar'),
  gzip: download('application/gzip'),
  dwg: download('image/vnd.dwg'),
  dxf: download('image/vnd.dxf'),
  ifc: download('application/x-step'),
  mp4: shown('video/mp4'),
  mov: shown('video/quicktime'),
  threeGp: download('video/3gpp'),
  webm: shown('video/webm'),
  mkv: download('video/x-matroska'),
  oggVideo: shown('video/ogg'),
  oggAudio: shown('audio/ogg'),
  ogg: shown('application/ogg'),
  avi: download('video/x-msvideo'),
  mp3: shown('audio/mpeg'),
  m4a: shown('audio/mp4'),
  aac: shown('audio/aac'),
  wav: shown('audio/wav'),
  flac: shown('audio/flac'),
  amr: download('audio/amr'),
} as const satisfies Record<string, FileType>;

const BY_MIME: ReadonlyMap<string, FileType> = new Map(Object.values(TYPES).map((type) => [type.mime, type]));

/** The kind a stored Content-Type stands for; undefined for a type this catalogue no longer lists. */
export function typeOfMime(mime: string): FileType | undefined {
  return BY_MIME.get(mime);
}

/** A picture (JPEG, PNG, GIF, WebP): shown to others without a project, thumbnailed. */
export function isPictureType(mime: string): boolean {
  return typeOfMime(mime)?.picture === true;
}
