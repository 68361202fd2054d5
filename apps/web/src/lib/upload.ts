import { apiUrl, getHttpConfig, HttpError, readErrorBody } from './http';

export interface UploadOptions {
  /** Called with 0–100 as the body goes out (when the browser knows its length), and 100 at the end. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * POSTs a multipart form below `/api/v1/` and reports the upload progress. XMLHttpRequest rather than fetch:
 * fetch cannot tell how much of a request body has been sent. Otherwise the conventions of `http.ts` hold:
 * cookies sent, `Accept-Language` from the chosen language, JSON answer, an `HttpError` carrying the server's
 * `ErrorBody` on failure, a `TypeError` when the server cannot be reached and an `AbortError` when aborted
 * (so `errorMessage` explains each). The multipart boundary is set by the browser.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', getHttpConfig().getLanguage());
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    });
    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.addEventListener('load', () => {
      settle();
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(data as T);
        return;
      }
      const body = readErrorBody(data);
      reject(
        body
          ? new HttpError(xhr.status, body, true)
          : new HttpError(xhr.status, { code: xhr.status, key: `http.${xhr.status}`, message: '' }, false),
      );
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('The upload could not reach the server'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    });
    xhr.send(form);
  });
}
