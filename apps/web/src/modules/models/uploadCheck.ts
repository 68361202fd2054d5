import {
  IFC_FILE_HEADER,
  MODEL_FILE_EXTENSIONS,
  MODEL_NAME_MAX_LENGTH,
  MODEL_UPLOAD_DEFAULT_MAX_BYTES,
} from '@lintel/contracts/models';

/** Why a picked file is refused before any byte is sent (models.json `upload.refused.*`). */
export type UploadRefusal = 'extension' | 'empty' | 'tooLarge' | 'notIfc';

export const ACCEPTED_EXTENSIONS = MODEL_FILE_EXTENSIONS.join(',');

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** The model name an upload takes by default: the file name without its extension (as the server does). */
export function modelNameOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = (dot > 0 ? fileName.slice(0, dot) : fileName).trim();
  return base.slice(0, MODEL_NAME_MAX_LENGTH).trim() || fileName.slice(0, MODEL_NAME_MAX_LENGTH);
}

/** The first bytes of the file as text (enough for the STEP header), or null when they cannot be read. */
function headOf(file: File): Promise<string | null> {
  // FileReader rather than Blob.text(): every browser (and jsdom) has it.
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsText(file.slice(0, 64));
  });
}

/**
 * Checks a picked file the way the server will (extension, size, content), so a wrong file is refused at
 * once with a clear reason instead of after a long upload. The server checks again; it has the last word.
 */
export async function checkModelFile(
  file: File,
  maxBytes: number = MODEL_UPLOAD_DEFAULT_MAX_BYTES,
): Promise<UploadRefusal | null> {
  const extension = extensionOf(file.name);
  if (!(MODEL_FILE_EXTENSIONS as readonly string[]).includes(extension)) return 'extension';
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'tooLarge';
  const head = await headOf(file);
  if (head === null) return null;
  if (extension === '.ifczip') return head.startsWith('PK') ? null : 'notIfc';
  // A byte-order mark or blank lines before the header are tolerated by readers; the header must follow.
  return head
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith(IFC_FILE_HEADER)
    ? null
    : 'notIfc';
}
