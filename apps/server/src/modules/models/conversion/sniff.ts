import { IFC_FILE_HEADER } from '@lintel/contracts/models';

/** How many bytes of a file the sniffers want: enough for the header section and its FILE_SCHEMA. */
export const SNIFF_BYTES = 64 * 1024;

const decoder = new TextDecoder('latin1');

/**
 * Reads the first bytes of a file: is it an IFC (`ISO-10303-21;` after an optional BOM and whitespace), and
 * which schema does its header name? The schema is null when the head ends before FILE_SCHEMA.
 */
export function sniffIfc(head: Uint8Array): { ifc: true; schema: string | null } | { ifc: false } {
  // latin1 maps every byte to one character, so a UTF-8 BOM shows as three characters we skip below.
  const text = decoder.decode(head);
  const start = text.replace(/^(\u00ef\u00bb\u00bf|\ufeff)/, '').trimStart();
  if (!start.startsWith(IFC_FILE_HEADER)) return { ifc: false };
  return { ifc: true, schema: schemaOf(text) };
}

/** FILE_SCHEMA(('IFC4')); — the first name, upper case; null when missing. */
function schemaOf(text: string): string | null {
  const match = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(text);
  const name = match?.[1]?.trim().toUpperCase();
  return name ? name : null;
}

/** A zip's local file header (or the end record of an empty zip): `PK\x03\x04` / `PK\x05\x06`. */
export function isZip(head: Uint8Array): boolean {
  if (head.length < 4 || head[0] !== 0x50 || head[1] !== 0x4b) return false;
  return (head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06);
}
