/**
 * The image formats an avatar may have, recognised by their first bytes (magic numbers), never by the
 * file name or the type the client declares: an HTML page renamed to .png stays HTML. SVG is not an
 * image here: it is XML that can carry scripts.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** How many leading bytes sniffImageType needs to decide. */
export const SNIFF_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => head[offset + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

/** The image type of a file from its first SNIFF_BYTES bytes, or null when it is none we accept. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  // JPEG: SOI marker followed by the first segment marker.
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  // WebP: a RIFF container whose form type is WEBP.
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
