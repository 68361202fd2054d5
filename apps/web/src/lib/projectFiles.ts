import { getHttpConfig, http } from './http';
import { uploadForm } from './upload';

const enc = encodeURIComponent;

/** Uploads one file into the project's files, reporting the progress; answers the file's id. */
export async function uploadAttachment(
  projectId: string,
  file: File,
  options: { onProgress: (percent: number) => void; signal: AbortSignal },
): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await uploadForm<{ files?: string[] }>(
    `base-service/files?projectId=${enc(projectId)}`,
    form,
    options,
  );
  const url = answer?.files?.[0];
  const id = url?.split('/').pop();
  if (!id) throw new Error('The upload answered no file');
  return id;
}

/** A file uploaded for a form that was then removed or abandoned: its bytes go too. */
export function discardUpload(fileId: string): Promise<unknown> {
  return http.delete<unknown>(`base-service/files/${enc(fileId)}`);
}

/**
 * Uploads one image into the project's files (field `picture`: the server refuses anything but an image);
 * answers its URL, which the record (a topic, a response, a violation) takes as the image.
 */
export async function uploadPicture(projectId: string, file: File, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('picture', file, file.name);
  const answer = await uploadForm<{ pictures?: string[] }>(
    `base-service/files?projectId=${enc(projectId)}`,
    form,
    { signal },
  );
  const url = answer?.pictures?.[0];
  if (!url) throw new Error('The upload answered no picture');
  return url;
}

/** A stored file's address as the browser loads it; `thumbnail`: its small WebP (pictures only). */
export function fileUrl(url: string, thumbnail = false): string {
  const full = /^[a-z]+:/i.test(url) ? url : `${getHttpConfig().baseUrl}${url}`;
  return thumbnail ? `${full}${full.includes('?') ? '&' : '?'}thumbnail=true` : full;
}
