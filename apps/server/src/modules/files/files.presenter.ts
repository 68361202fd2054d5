import type { FileRow } from './files.repository';

export const FILES_PREFIX = '/api/v1/base-service';

/** The URL a client stores (an avatar) and later GETs: the file's id, nothing of its name or storage key. */
export function fileUrl(file: Pick<FileRow, 'id'>): string {
  return `${FILES_PREFIX}/files/${file.id}`;
}
