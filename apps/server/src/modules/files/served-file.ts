import type { Readable } from 'node:stream';
import { AppError } from '../../plugins/app-error';
import { type ByteRange, type Storage, StorageNotFoundError } from '../../storage/index';
import { parseRange } from './http';

/** Stored bytes as the download route sends them: a file itself, or the converted PDF of its preview. */
export interface ServedFile {
  /** A strong validator: the bytes under it never change. */
  etag: string;
  contentType: string;
  /** The name in Content-Disposition. */
  name: string;
  size: number;
  /** Shown by the browser (inline) unless a download is asked for; else always an attachment. */
  inline: boolean;
}

export type FileDownload = ServedFile &
  ({ kind: 'unsatisfiable' } | { kind: 'full' | 'partial'; range: ByteRange | null; stream: Readable });

/** Opens the bytes under `key`, or the part the Range header asks for; 404 when the storage lost them. */
export async function openStored(
  storage: Storage,
  key: string,
  served: ServedFile,
  rangeHeader: string | undefined,
): Promise<FileDownload> {
  const request = parseRange(rangeHeader, served.size);
  if (request.kind === 'unsatisfiable') return { ...served, kind: 'unsatisfiable' };
  const range = request.kind === 'partial' ? request.range : null;
  try {
    const stream = await storage.get(key, range ?? undefined);
    return { ...served, kind: request.kind, range, stream };
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError(404, 'common.notFound', { cause: error });
    throw error;
  }
}
