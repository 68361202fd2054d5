import { apiUrl, getHttpConfig, HttpError, type QueryValue, readErrorBody } from './http';

/**
 * Fetches a file the server builds (an .xlsx export of a filter, an import template) and hands it to the browser as a download.
 * Fetched rather than linked, so that a refusal (no export right, too many rows) is shown as a message
 * instead of replacing the page with a JSON body. Throws an `HttpError` like the http client.
 */
export async function downloadFile(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
): Promise<void> {
  const response = await fetch(apiUrl(path, query), {
    credentials: 'include',
    headers: { 'Accept-Language': getHttpConfig().getLanguage() },
  });
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const error = readErrorBody(body);
    throw new HttpError(
      response.status,
      error ?? { code: response.status, key: `http.${response.status}`, message: '' },
      error !== null,
    );
  }
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download: the object URL can go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name of a `Content-Disposition` (RFC 8187 `filename*` first). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}
