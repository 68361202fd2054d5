import { useQuery } from '@tanstack/react-query';
import { apiUrl, getHttpConfig, HttpError, http, readErrorBody } from '../../lib/http';

/** How the server says a file is previewed (GET base-service/files/{id}?meta=true). */
export type PreviewKind = 'image' | 'pdf' | 'video' | 'audio' | 'text' | 'office' | 'none';
export type ConversionState = 'ready' | 'converting' | 'failed' | 'unavailable';

export interface FileMeta {
  _id: string;
  name: string;
  size: number;
  contentType: string;
  createdAt: string;
  kind: PreviewKind;
  previewable: boolean;
  /** Office documents: where their PDF stands; null for other kinds. */
  conversion: ConversionState | null;
}

/** How often the preview asks again while the server converts an office document. */
export const CONVERSION_POLL_MS = 1500;

/** A text file shows at most its first 256 KiB: a log of megabytes would stall the page. */
export const TEXT_PREVIEW_BYTES = 256 * 1024;

export const filePreviewKeys = {
  all: ['files'] as const,
  meta: (fileId: string) => ['files', fileId, 'meta'] as const,
  text: (fileId: string) => ['files', fileId, 'text'] as const,
};

/** The file's own URL; `download`: as an attachment; `preview`: what the preview shows (a converted PDF). */
export function fileUrl(fileId: string, options: { download?: boolean; preview?: boolean } = {}): string {
  return apiUrl(`base-service/files/${encodeURIComponent(fileId)}`, {
    download: options.download ? 'true' : undefined,
    preview: options.preview ? 'true' : undefined,
  });
}

/**
 * The file's metadata. While an office document is being converted it is asked for again every
 * CONVERSION_POLL_MS (the server starts the conversion on the first ask), until its PDF is ready or failed.
 */
export function useFileMeta(fileId: string) {
  return useQuery({
    queryKey: filePreviewKeys.meta(fileId),
    queryFn: ({ signal }) =>
      http.get<FileMeta>(`base-service/files/${encodeURIComponent(fileId)}`, {
        query: { meta: 'true' },
        signal,
      }),
    // A conversion's state changes on the server: never answered from a stale copy.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.conversion === 'converting' ? CONVERSION_POLL_MS : false),
  });
}

/**
 * The first `maxBytes` of a UTF-8 text file (a Range request: only those bytes travel), decoded. A
 * character cut by the limit is left out rather than shown as a replacement mark.
 */
export async function fetchTextHead(fileId: string, maxBytes: number, signal?: AbortSignal): Promise<string> {
  const response = await fetch(fileUrl(fileId), {
    credentials: 'include',
    headers: { Range: `bytes=0-${maxBytes - 1}`, 'Accept-Language': getHttpConfig().getLanguage() },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) {
    const body = readErrorBody(await response.json().catch(() => undefined));
    throw new HttpError(
      response.status,
      body ?? { code: response.status, key: `http.${response.status}`, message: '' },
      body !== null,
    );
  }
  // A server that ignores Range sends everything: only the head is decoded all the same.
  const bytes = new Uint8Array(await response.arrayBuffer()).subarray(0, maxBytes);
  // `stream: true` keeps an incomplete last character back instead of decoding it as U+FFFD.
  return new TextDecoder('utf-8').decode(bytes, { stream: true });
}

export function useTextHead(fileId: string, maxBytes: number) {
  return useQuery({
    queryKey: [...filePreviewKeys.text(fileId), maxBytes],
    queryFn: ({ signal }) => fetchTextHead(fileId, maxBytes, signal),
    // The bytes under a file id never change.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
