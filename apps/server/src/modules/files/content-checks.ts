import { isUtf8 } from 'node:buffer';
import { constants, inflateRawSync } from 'node:zlib';
import { latin1, startsWith } from './bytes';
import { type ContentCheck, type FileType, TYPES } from './file-kinds';

/**
 * The checks a body must pass to its last byte (file-type.ts gives them with the first bytes' verdict):
 * plain text must be UTF-8 throughout, an OLE2 file must be a Word, Excel or PowerPoint file, and a ZIP
 * is an Office or OpenDocument file when its parts say so (else a plain archive).
 */

const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_LOCAL_BYTES = Buffer.from(ZIP_LOCAL);

// ── text ──

/** The length of `bytes` without a UTF-8 sequence cut off at its end (at most three bytes). */
export function completeUtf8Length(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) !== 0x80) {
      // A lead byte: does its sequence fit in what follows it?
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      return needed > back ? bytes.length - back : bytes.length;
    }
  }
  return bytes.length;
}

/** Valid UTF-8 without NUL bytes, checked chunk by chunk (a sequence may be split between chunks). */
export function textCheck(final: FileType): ContentCheck {
  let carry = Buffer.alloc(0);
  let valid = true;
  return {
    update(chunk) {
      if (!valid) return false;
      if (chunk.includes(0)) {
        valid = false;
        return false;
      }
      const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const complete = completeUtf8Length(bytes);
      valid = isUtf8(bytes.subarray(0, complete));
      carry = Buffer.from(bytes.subarray(complete));
      return valid;
    },
    finish: () => (valid && carry.length === 0 ? final : null),
  };
}

// ── OLE2 compound files (legacy Office) ──

/** Root-level stream names that tell the legacy Office formats apart. */
const OLE_STREAMS: ReadonlyArray<[string, FileType]> = [
  ['WordDocument', TYPES.doc],
  ['Workbook', TYPES.xls],
  ['Book', TYPES.xls],
  ['PowerPoint Document', TYPES.ppt],
];

/**
 * An OLE2 file is a small FAT file system; MSI installers, Outlook messages and many others are OLE2 too.
 * Its directory is made of 128-byte entries at 128-byte-aligned offsets (sectors are 512 or 4096 bytes),
 * each starting with a UTF-16 name: the check reads every aligned block for one of the Office stream names.
 */
export function oleCheck(): ContentCheck {
  let pending = Buffer.alloc(0);
  let found: FileType | null = null;
  const names = OLE_STREAMS.map(([name, type]) => [Buffer.from(`${name}\0`, 'utf16le'), type] as const);

  function entry(block: Buffer): FileType | null {
    const nameLength = block.readUInt16LE(64);
    const objectType = block[66];
    // A stream (2) or storage (1) entry whose name length (bytes, terminator included) is plausible.
    if ((objectType !== 1 && objectType !== 2) || nameLength < 4 || nameLength > 64 || nameLength % 2) {
      return null;
    }
    for (const [name, type] of names) {
      if (name.length === nameLength && block.subarray(0, nameLength).equals(name)) return type;
    }
    return null;
  }

  return {
    update(chunk) {
      if (found) return true;
      let bytes = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      let offset = 0;
      while (bytes.length - offset >= 128 && !found) {
        found = entry(bytes.subarray(offset, offset + 128));
        offset += 128;
      }
      bytes = bytes.subarray(offset);
      pending = found ? Buffer.alloc(0) : Buffer.from(bytes);
      return true;
    },
    finish: () => found,
  };
}
// ── ZIP containers (Office Open XML, OpenDocument, plain archives) ──

/** The main part's content type in `[Content_Types].xml`, and the document it makes. */
const OOXML_MAIN_TYPES: ReadonlyArray<[string, FileType]> = [
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml', TYPES.docx],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml', TYPES.docx],
  ['application/vnd.ms-word.document.macroEnabled.main+xml', TYPES.docm],
  ['application/vnd.ms-word.template.macroEnabledTemplate.main+xml', TYPES.docm],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', TYPES.xlsx],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml', TYPES.xlsx],
  ['application/vnd.ms-excel.sheet.macroEnabled.main+xml', TYPES.xlsm],
  ['application/vnd.ms-excel.template.macroEnabled.main+xml', TYPES.xlsm],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml', TYPES.pptx],
  ['application/vnd.openxmlformats-officedocument.presentationml.template.main+xml', TYPES.pptx],
  ['application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml', TYPES.pptx],
  ['application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml', TYPES.pptm],
  ['application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml', TYPES.pptm],
];

const ODF_TYPES: Readonly<Record<string, FileType>> = {
  'application/vnd.oasis.opendocument.text': TYPES.odt,
  'application/vnd.oasis.opendocument.spreadsheet': TYPES.ods,
  'application/vnd.oasis.opendocument.presentation': TYPES.odp,
};

const CONTENT_TYPES_NAME = '[Content_Types].xml';
/** The content types part is a few KiB; more than this is not an Office file worth reading. */
const CONTENT_TYPES_MAX_COMPRESSED = 256 * 1024;
const CONTENT_TYPES_MAX_XML = 1024 * 1024;

/** An OpenDocument file starts with an uncompressed `mimetype` entry holding its type. */
function odfType(head: Buffer): FileType | null {
  if (!startsWith(head, ZIP_LOCAL) || head.length < 30) return null;
  const method = head.readUInt16LE(8);
  const size = head.readUInt32LE(18);
  const nameLength = head.readUInt16LE(26);
  const extraLength = head.readUInt16LE(28);
  if (method !== 0 || latin1(head, 30, 30 + nameLength) !== 'mimetype' || size > 100) return null;
  const start = 30 + nameLength + extraLength;
  return ODF_TYPES[latin1(head, start, start + size)] ?? null;
}

function ooxmlType(compressed: Buffer, method: number): FileType | null {
  let xml: string;
  try {
    const bytes =
      method === 0
        ? compressed
        : inflateRawSync(compressed, {
            finishFlush: constants.Z_SYNC_FLUSH,
            maxOutputLength: CONTENT_TYPES_MAX_XML,
          });
    xml = bytes.toString('utf8');
  } catch {
    return null;
  }
  for (const [mainType, type] of OOXML_MAIN_TYPES) {
    if (xml.includes(`ContentType="${mainType}"`)) return type;
  }
  return null;
}

/**
 * Finds the `[Content_Types].xml` entry by its local header wherever it lies (Office writes it first, other
 * tools last) and keeps its compressed bytes; the type is decided from them at the end. Entries whose size
 * the local header does not give (streamed ZIPs) are read up to the cap: inflating stops at the end of the
 * deflate stream, whatever follows it.
 */
export function zipCheck(head: Buffer): ContentCheck {
  const odf = odfType(head);
  let pending = Buffer.alloc(0);
  let capture: { method: number; remaining: number; chunks: Buffer[] } | null = null;
  let contentTypes: { method: number; bytes: Buffer } | null = null;

  function endCapture(): void {
    if (!capture) return;
    contentTypes = { method: capture.method, bytes: Buffer.concat(capture.chunks) };
    capture = null;
    pending = Buffer.alloc(0);
  }

  return {
    update(chunk) {
      if (odf || contentTypes) return true;
      let bytes = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      let position = 0;
      for (;;) {
        if (capture) {
          const take = Math.min(capture.remaining, bytes.length - position);
          capture.chunks.push(Buffer.from(bytes.subarray(position, position + take)));
          capture.remaining -= take;
          position += take;
          if (capture.remaining === 0) endCapture();
          else pending = Buffer.alloc(0);
          return true;
        }
        const at = bytes.indexOf(ZIP_LOCAL_BYTES, position);
        if (at < 0) {
          // Keep the last bytes: a signature may continue in the next chunk.
          pending = Buffer.from(bytes.subarray(Math.max(position, bytes.length - 3)));
          return true;
        }
        if (bytes.length - at < 30) {
          pending = Buffer.from(bytes.subarray(at));
          return true;
        }
        const nameLength = bytes.readUInt16LE(at + 26);
        const extraLength = bytes.readUInt16LE(at + 28);
        const dataStart = at + 30 + nameLength + extraLength;
        if (nameLength !== CONTENT_TYPES_NAME.length) {
          position = at + 4;
          continue;
        }
        if (bytes.length < dataStart) {
          pending = Buffer.from(bytes.subarray(at));
          return true;
        }
        if (latin1(bytes, at + 30, at + 30 + nameLength) !== CONTENT_TYPES_NAME) {
          position = at + 4;
          continue;
        }
        const flags = bytes.readUInt16LE(at + 6);
        const method = bytes.readUInt16LE(at + 8);
        const declared = bytes.readUInt32LE(at + 18);
        const sizeUnknown = (flags & 0x08) !== 0 && declared === 0;
        const remaining = sizeUnknown
          ? CONTENT_TYPES_MAX_COMPRESSED
          : Math.min(declared, CONTENT_TYPES_MAX_COMPRESSED);
        if ((method !== 0 && method !== 8) || remaining === 0) {
          // Not a content types part this check can read (another compression, or empty): look on.
          position = at + 4;
          continue;
        }
        capture = { method, remaining, chunks: [] };
        bytes = bytes.subarray(dataStart);
        position = 0;
      }
    },
    finish() {
      if (odf) return odf;
      endCapture();
      const found = contentTypes as { method: number; bytes: Buffer } | null;
      return (found && ooxmlType(found.bytes, found.method)) ?? TYPES.zip;
    },
  };
}
