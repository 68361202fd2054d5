import type { FastifyReply } from 'fastify';
import type { ByteRange } from '../../storage/storage';

/**
 * HTTP details of serving stored files: the Range header (RFC 9110 §14) and Content-Disposition with a
 * UTF-8 filename (RFC 6266, RFC 8187).
 */
export type RangeRequest =
  | { kind: 'full' }
  | { kind: 'partial'; range: ByteRange }
  | { kind: 'unsatisfiable' };

const BYTES_RANGE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/**
 * The single byte range a `Range` header asks for within `size` bytes. A header that is malformed, uses
 * another unit or asks for several ranges is ignored (the whole file is a valid answer to it); a range
 * that starts past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'full' };
  const match = BYTES_RANGE.exec(header.replace(/\s+/g, ''));
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  // An inverted range is invalid, so ignored; a valid one starting past the end cannot be served.
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'partial', range: { start, end } };
}

/**
 * `inline; filename*=UTF-8''…` (or `attachment; …`): the stored name percent-encoded as RFC 8187 says, so
 * any language survives every browser, and nothing in it can end the header or start another parameter.
 * `asciiName` (plain ASCII, no quotes) goes first as `filename="…"` for clients that know only that
 * (RFC 6266 §4.3).
 */
export function contentDisposition(
  kind: 'inline' | 'attachment',
  filename: string,
  asciiName?: string,
): string {
  const encoded = encodeURIComponent(filename).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const fallback = asciiName === undefined ? '' : `filename="${asciiName}"; `;
  return `${kind}; ${fallback}filename*=UTF-8''${encoded}`;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx export as a download, named in the request's language with an ASCII name for old clients. */
export function sendXlsx(reply: FastifyReply, body: unknown, name: { utf8: string; ascii: string }) {
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition('attachment', name.utf8, name.ascii))
    .send(body);
}

const MAX_NAME_LENGTH = 200;

/** C0 and C1 controls, zero-width characters and bidirectional overrides (which can disguise an extension). */
function isInvisible(char: string): boolean {
  const c = char.codePointAt(0) ?? 0;
  return (
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x206f) ||
    c === 0xfeff
  );
}

/**
 * The client's filename as metadata: the last path segment only, valid UTF-8 in NFC, without control or
 * invisible characters or leading dots, at most 200 characters. Never used as a path: storage keys are ids.
 */
export function sanitizeFilename(name: string | undefined): string {
  const wellFormed = Buffer.from(name ?? '', 'utf8').toString('utf8');
  const lastSegment = wellFormed.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const visible = [...lastSegment].filter((c) => !isInvisible(c)).join('');
  const cleaned = visible.trim().replace(/^\.+/, '').trim();
  const chars = [...cleaned];
  const short =
    chars.length > MAX_NAME_LENGTH ? chars.slice(chars.length - MAX_NAME_LENGTH).join('') : cleaned;
  return short === '' ? 'file' : short;
}

/** A byte count as people read it in a message: 10 MiB, 512 KiB, 100 bytes. */
export function formatBytes(bytes: number): string {
  const MiB = 1024 * 1024;
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
