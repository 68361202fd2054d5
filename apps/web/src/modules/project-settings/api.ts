import type { Project, ProjectUpdate } from '@lintel/contracts/org';
import { useMutation } from '@tanstack/react-query';
import { HttpError, http } from '../../lib/http';
import { uploadForm } from '../../lib/upload';

const enc = encodeURIComponent;
export const projectApiPath = (id: string) => `account-service/projects/${enc(id)}`;

/** One query-key factory for the module; every mutation invalidates through it. */
export const projectSettingsKeys = {
  all: ['project-settings'] as const,
  project: (id: string) => [...projectSettingsKeys.all, id] as const,
};

/**
 * PUT account-service/projects/{id}: the changed project-information fields (null clears one). The caller
 * reloads the workbench's project afterwards (useCurrentProject().refetch), which every screen shows.
 */
export function useUpdateProject(id: string) {
  return useMutation({
    mutationFn: (patch: ProjectUpdate) => http.put<Project>(projectApiPath(id), patch),
  });
}

/**
 * A 404 on a sub-resource of a project the user can read: the server has no such route (yet). The server
 * answers unknown routes with the same `common.notFound` as a missing record, so only the context tells.
 */
export function isMissingRoute(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}

/** POST base-service/files with the images in the form field `picture`; answers their paths. */
export async function uploadPictures(files: Blob[], onProgress?: (percent: number) => void) {
  const form = new FormData();
  for (const file of files) form.append('picture', file, file instanceof File ? file.name : 'picture.jpg');
  const answer = await uploadForm<{ pictures?: string[] } | undefined>('base-service/files', form, {
    onProgress,
  });
  const pictures = answer?.pictures ?? [];
  if (pictures.length !== files.length) throw new Error('The upload answered no picture path');
  return pictures;
}
