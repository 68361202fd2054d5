import { MODEL_RESUMABLE_THRESHOLD_BYTES, type ModelUploadResult } from '@lintel/contracts/models';
import { apiUrl, getHttpConfig, HttpError, readErrorBody } from '../../lib/http';
import { uploadForm } from '../../lib/upload';
import { MODELS_SERVICE } from './keys';

const enc = encodeURIComponent;
/** tus chunk size: large enough for few round trips, small enough that a lost chunk costs little. */
export const TUS_CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits (ms) before each retry of a failed chunk; a flaky network resumes from the server's offset. */
const TUS_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

export interface ModelUploadRequest {
  projectId: string;
  file: File;
  /** The model's name; default (server): the file name without its extension. */
  name?: string;
  remark?: string;
  tagIds?: string[];
  /** Upload a new version of this model explicitly (POST models/{id}/versions); `name` must be its name. */
  modelId?: string;
  /** 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
}

export interface ModelUploadHandle {
  /** `{created, model}`; rejects with an `HttpError` (refused), a `TypeError` (offline) or an `AbortError`. */
  promise: Promise<ModelUploadResult>;
  /** True when the bytes go over tus (resumable). */
  resumable: boolean;
  /** Stops the upload for good (a tus upload is also terminated on the server). */
  cancel: () => void;
  /**
   * Stops sending but keeps what the server has: picking the same file again resumes a tus upload where it
   * stopped (leaving the page). A multipart upload cannot resume: it stops like `cancel`.
   */
  pause: () => void;
}

const abortError = () => new DOMException('The upload was aborted', 'AbortError');

/**
 * Starts an IFC upload: below MODEL_RESUMABLE_THRESHOLD_BYTES one multipart POST (progress through
 * XMLHttpRequest), above it tus (resumable across failures and page reloads: a previous unfinished upload
 * of the same file to the same project and name continues where it stopped). Both answer `{created, model}`.
 */
export function startModelUpload(request: ModelUploadRequest): ModelUploadHandle {
  if (request.file.size < MODEL_RESUMABLE_THRESHOLD_BYTES) {
    const controller = new AbortController();
    const form = new FormData();
    if (request.name) form.append('name', request.name);
    if (request.remark) form.append('remark', request.remark);
    if (request.tagIds?.length) form.append('tagIds', request.tagIds.join(','));
    // The file last: the server reads the fields before it streams the bytes.
    form.append('file', request.file, request.file.name);
    const path = request.modelId
      ? `${MODELS_SERVICE}/models/${enc(request.modelId)}/versions`
      : `${MODELS_SERVICE}/projects/${enc(request.projectId)}/models`;
    const promise = uploadForm<ModelUploadResult>(path, form, {
      signal: controller.signal,
      onProgress: request.onProgress,
    });
    const stop = () => controller.abort();
    return { promise, resumable: false, cancel: stop, pause: stop };
  }
  return startTusUpload(request);
}

/** The error of a failed tus request: the server's ErrorBody when it answered one. */
function tusError(error: Error & { originalResponse?: { getStatus(): number; getBody(): string } | null }) {
  const response = error.originalResponse;
  if (!response) return new TypeError(error.message || 'The upload could not reach the server');
  const status = response.getStatus();
  let data: unknown;
  try {
    data = JSON.parse(response.getBody());
  } catch {
    data = undefined;
  }
  const body = readErrorBody(data);
  return body
    ? new HttpError(status, body, true)
    : new HttpError(status, { code: status, key: `http.${status}`, message: '' }, false);
}

function startTusUpload(request: ModelUploadRequest): ModelUploadHandle {
  let cancelled = false;
  let stopUpload: (terminate: boolean) => void = () => {
    cancelled = true;
  };
  const promise = new Promise<ModelUploadResult>((resolve, reject) => {
    // tus-js-client loads only when a large file is uploaded.
    import('tus-js-client')
      .then(async ({ Upload }) => {
        if (cancelled) {
          reject(abortError());
          return;
        }
        const { file, projectId } = request;
        const metadata: Record<string, string> = { projectId, filename: file.name };
        if (request.name) metadata.name = request.name;
        if (request.remark) metadata.remark = request.remark;
        if (request.tagIds?.length) metadata.tagIds = request.tagIds.join(',');
        const upload = new Upload(file, {
          endpoint: apiUrl(`${MODELS_SERVICE}/uploads`),
          chunkSize: TUS_CHUNK_BYTES,
          retryDelays: TUS_RETRY_DELAYS,
          metadata,
          overridePatchMethod: getHttpConfig().methodOverride,
          storeFingerprintForResuming: true,
          removeFingerprintOnSuccess: true,
          // The same file to the same project under the same name resumes; another name is another upload.
          fingerprint: async () =>
            ['lintel-model', projectId, request.name ?? '', file.name, file.size, file.lastModified].join(
              '|',
            ),
          onBeforeRequest: (req) => {
            const xhr = req.getUnderlyingObject() as XMLHttpRequest;
            // Our session cookie authenticates every tus request.
            xhr.withCredentials = true;
            req.setHeader('Accept-Language', getHttpConfig().getLanguage());
          },
          onProgress: (sent, total) => {
            if (total > 0) request.onProgress?.(Math.min(99, Math.floor((sent / total) * 100)));
          },
          onError: (error) => reject(tusError(error)),
          onSuccess: ({ lastResponse }) => {
            let answer: unknown;
            try {
              answer = JSON.parse(lastResponse.getBody());
            } catch {
              answer = undefined;
            }
            const result = answer as ModelUploadResult | undefined;
            if (!result?.model) {
              reject(new Error('The upload answered no model'));
              return;
            }
            request.onProgress?.(100);
            resolve(result);
          },
        });
        stopUpload = (terminate) => {
          cancelled = true;
          // Terminating makes the server drop the partial bytes; pausing keeps them for a resume.
          void upload.abort(terminate).catch(() => undefined);
          reject(abortError());
        };
        const previous = await upload.findPreviousUploads();
        if (cancelled) return;
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch(reject);
  });
  return {
    promise,
    resumable: true,
    cancel: () => stopUpload(true),
    pause: () => stopUpload(false),
  };
}
