import { isUtf8 } from 'node:buffer';
import { latin1, startsWith } from './bytes';
import { completeUtf8Length, oleCheck, textCheck, zipCheck } from './content-checks';
import { type ContentCheck, type FileType, TYPES } from './file-kinds';

/**
 * What an uploaded file is, told by its bytes (magic numbers and container structure), never by its name or
 * the type the client declares: an HTML page named .png stays HTML and is refused. Only the kinds listed
 * here are accepted; everything else — HTML, SVG, XML, scripts, executables, unknown binaries — is not.
 *
 * Most kinds are told by their first bytes (`sniffFileType`). Some need the whole body: plain text must be
 * valid UTF-8 to its end, a ZIP is an Office document when its `[Content_Types].xml` says so, an OLE2
 * compound file is accepted only as a Word, Excel or PowerPoint file. Those come with a ContentCheck that
 * sees every byte as it streams to storage and gives the final type at the end (or refuses).
 */

export interface SniffResult {
  type: FileType;
  check?: ContentCheck;
}

/** How many leading bytes sniffFileType looks at (fewer when the file is shorter). */
export const SNIFF_BYTES = 4096;

// ── first-bytes signatures ──

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const SEVEN_ZIP = [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];

/** The image formats a `picture` may have (and that get thumbnails). */
export function sniffPicture(head: Uint8Array): FileType | null {
  // JPEG: SOI marker followed by the first segment marker.
  if (startsWith(head, [0xff, 0xd8, 0xff])) return TYPES.jpeg;
  if (startsWith(head, PNG)) return TYPES.png;
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return TYPES.gif;
  // WebP: a RIFF container whose form type is WEBP.
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return TYPES.webp;
  return null;
}

/** ISO base media files (MP4 and its relatives): an `ftyp` box first, its major brand says which. */
function sniffIsoMedia(head: Buffer): FileType | null {
  if (!startsWith(head, 'ftyp', 4) || head.length < 12) return null;
  const boxSize = head.readUInt32BE(0);
  if (boxSize < 16 || boxSize > 4096) return null;
  const brand = latin1(head, 8, 12);
  if (brand === 'avif' || brand === 'avis') return TYPES.avif;
  if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return TYPES.heic;
  if (brand === 'qt  ') return TYPES.mov;
  if (brand === 'M4A ' || brand === 'M4B ') return TYPES.m4a;
  if (brand.startsWith('3gp') || brand.startsWith('3g2')) return TYPES.threeGp;
  return TYPES.mp4;
}

/** Matroska and WebM share the EBML header; its DocType element names which. */
function sniffEbml(head: Buffer): FileType | null {
  if (!startsWith(head, EBML)) return null;
  const header = latin1(head, 4, 64);
  if (header.includes('webm')) return TYPES.webm;
  if (header.includes('matroska')) return TYPES.mkv;
  return null;
}

/** Ogg: the first page's packet names the codec. */
function sniffOgg(head: Buffer): FileType | null {
  if (!startsWith(head, 'OggS')) return null;
  // The page header is 27 bytes and its segment table as long as byte 26 says; the first packet follows.
  if (head.length < 27) return null;
  const packetStart = 27 + (head[26] as number);
  const packet = latin1(head, packetStart, packetStart + 12);
  if (packet.startsWith('\x80theora')) return TYPES.oggVideo;
  if (packet.startsWith('\x01vorbis') || packet.startsWith('OpusHead') || packet.startsWith('\x7fFLAC')) {
    return TYPES.oggAudio;
  }
  if (packet.startsWith('Speex')) return TYPES.oggAudio;
  return TYPES.ogg;
}

const MP3_BITRATES = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_SAMPLE_RATES = [44100, 48000, 32000];

/** The length of the MPEG layer III frame whose header is at `at`; 0 when there is none. */
function mp3FrameLength(head: Uint8Array, at: number): number {
  if (head.length < at + 4 || head[at] !== 0xff || ((head[at + 1] as number) & 0xe0) !== 0xe0) return 0;
  const version = ((head[at + 1] as number) >> 3) & 3; // 3: MPEG 1, 2: MPEG 2, 0: MPEG 2.5, 1: reserved
  const layer = ((head[at + 1] as number) >> 1) & 3; // 1: layer III
  const bitrateIndex = (head[at + 2] as number) >> 4;
  const rateIndex = ((head[at + 2] as number) >> 2) & 3;
  const padding = ((head[at + 2] as number) >> 1) & 1;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return 0;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? MP3_BITRATES.mpeg1 : MP3_BITRATES.mpeg2)[bitrateIndex] as number;
  const sampleRate = (MP3_SAMPLE_RATES[rateIndex] as number) / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  return Math.floor(((mpeg1 ? 144 : 72) * bitrate * 1000) / sampleRate) + padding;
}

/** MP3 without an ID3 tag: a layer III frame header, and the next frame's header right after it. */
function isMp3Frames(head: Uint8Array): boolean {
  const length = mp3FrameLength(head, 0);
  return length > 0 && mp3FrameLength(head, length) > 0;
}

/** AAC in ADTS frames: sync word, MPEG layer 0. */
function isAdts(head: Uint8Array): boolean {
  return head.length >= 7 && head[0] === 0xff && ((head[1] as number) & 0xf6) === 0xf0;
}

function sniffAudio(head: Buffer): FileType | null {
  if (startsWith(head, 'ID3') && head.length >= 10) return TYPES.mp3;
  if (startsWith(head, 'fLaC')) return TYPES.flac;
  if (startsWith(head, '#!AMR')) return TYPES.amr;
  if (startsWith(head, 'RIFF') && startsWith(head, 'WAVE', 8)) return TYPES.wav;
  if (isAdts(head)) return TYPES.aac;
  if (isMp3Frames(head)) return TYPES.mp3;
  return null;
}

/** BMP: `BM`, then a known DIB header size at offset 14 (two letters alone say too little). */
function isBmp(head: Buffer): boolean {
  if (!startsWith(head, 'BM') || head.length < 18) return false;
  return [12, 40, 52, 56, 64, 108, 124].includes(head.readUInt32LE(14));
}

/** AutoCAD drawings: `AC10xx` (R13 and later), then zeros. */
function isDwg(head: Buffer): boolean {
  return /^AC10\d\d$/.test(latin1(head, 0, 6)) && head.length > 6 && head[6] === 0;
}

// ── text ──

/**
 * Text that a browser or a system would run rather than show: markup (HTML, SVG, XML, PHP all start with
 * `<`, or carry such tags early), a shebang, a batch file, the usual Windows script starters. These
 * heuristics cannot catch every script a text file may hold; the file is served as text/plain with
 * `nosniff` in any case, and names with a script's extension are refused separately (isRefusedName).
 */
const MARKUP_TAG =
  /<(?:!doctype|html|head|body|script|svg|iframe|frame|frameset|object|embed|meta|link|style|form|\?xml|\?php|xsl:)\b/i;
const SCRIPT_STARTERS = /^(?:#!|@echo\b)/i;
const WINDOWS_SCRIPT =
  /\b(?:wscript\.shell|createobject\s*\(|powershell(?:\.exe)?\s+-(?:e|enc|encodedcommand)\b)/i;

export function isActiveText(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  return (
    start.startsWith('<') || SCRIPT_STARTERS.test(start) || MARKUP_TAG.test(text) || WINDOWS_SCRIPT.test(text)
  );
}

function sniffText(head: Buffer, complete: boolean): SniffResult | null {
  if (head.length === 0 || head.includes(0)) return null;
  const usable = complete ? head : head.subarray(0, completeUtf8Length(head));
  if (!isUtf8(usable)) return null;
  const text = usable.toString('utf8');
  const start = text.replace(/^\uFEFF/, '').trimStart();
  // STEP physical files (IFC models) and AutoCAD's DXF exchange files are text with a fixed opening.
  if (start.startsWith('ISO-10303-21;')) return { type: TYPES.ifc, check: textCheck(TYPES.ifc) };
  if (/^0\r?\n(?:SECTION|\s*SECTION)/.test(start)) return { type: TYPES.dxf, check: textCheck(TYPES.dxf) };
  if (isActiveText(text)) return null;
  return { type: TYPES.text, check: textCheck(TYPES.text) };
}

// ── the whole catalogue ──

/**
 * The type of a file from its first bytes (up to SNIFF_BYTES; `complete` when that is the whole file), with
 * the check its whole body must still pass; null when it is none of the accepted kinds.
 */
export function sniffFileType(head: Buffer, complete: boolean): SniffResult | null {
  if (head.length === 0) return null;
  const image = sniffPicture(head);
  if (image) return { type: image };
  if (startsWith(head, '%PDF-')) return { type: TYPES.pdf };
  if (startsWith(head, OLE2)) return { type: TYPES.doc, check: oleCheck() };
  if (startsWith(head, ZIP_LOCAL) || startsWith(head, ZIP_EMPTY))
    return { type: TYPES.zip, check: zipCheck(head) };
  if (startsWith(head, SEVEN_ZIP)) return { type: TYPES.sevenZip };
  if (startsWith(head, 'Rar!\x1a\x07')) return { type: TYPES.rar };
  if (startsWith(head, [0x1f, 0x8b, 0x08])) return { type: TYPES.gzip };
  if (startsWith(head, '{\\rtf')) return { type: TYPES.rtf };
  if (isDwg(head)) return { type: TYPES.dwg };
  if (startsWith(head, 'AutoCAD Binary DXF\r\n\x1a\x00')) return { type: TYPES.dxf };
  if (startsWith(head, 'II*\x00') || startsWith(head, 'MM\x00*')) return { type: TYPES.tiff };
  if (isBmp(head)) return { type: TYPES.bmp };
  const media =
    sniffIsoMedia(head) ??
    sniffEbml(head) ??
    sniffOgg(head) ??
    (startsWith(head, 'RIFF') && startsWith(head, 'AVI ', 8) ? TYPES.avi : null) ??
    sniffAudio(head);
  if (media) return { type: media };
  return sniffText(head, complete);
}
