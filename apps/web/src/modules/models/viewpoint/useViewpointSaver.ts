import { VIEWPORT_NAME_MAX_LENGTH } from '@lintel/contracts/models';
import { uploadPicture } from '../../../lib/projectFiles';
import { useCreateViewport, useDeleteViewport } from '../api';
import { currentViewSource, type ViewSource } from './currentView';

/** The file id in the URL an upload answers (`…/files/<id>?…`). */
const fileIdOf = (url: string) => url.split('?')[0]?.split('/').pop() ?? null;

/** A viewport name within the limit, cut by characters (not UTF-16 units) with an ellipsis. */
export function viewpointName(text: string): string {
  const characters = [...text.trim()];
  return characters.length <= VIEWPORT_NAME_MAX_LENGTH
    ? characters.join('')
    : `${characters.slice(0, VIEWPORT_NAME_MAX_LENGTH - 1).join('')}…`;
}

/**
 * Saves a record's viewpoint (issue 16) and runs the record's save with its id: the view on screen (camera,
 * section, visibility and the open models) becomes a viewport of the project with a snapshot as its
 * thumbnail. The record is saved without a viewpoint when there is no view to keep (no viewer, no model
 * open) or the viewport cannot be saved (no right to save viewports: `failed`); `saveRecord` learns it from a null.
 * A record that fails to save takes its new viewport with it, so a corrected second try leaves one.
 */
export function useViewpointSaver(projectId: string, source: () => ViewSource | null = currentViewSource) {
  const create = useCreateViewport(projectId);
  const remove = useDeleteViewport(projectId);

  /** The new viewport's id; null with `failed` when there was a view but it could not be saved. */
  async function saveView(name: string): Promise<{ viewportId: string | null; failed: boolean }> {
    const view = source();
    if (!view) return { viewportId: null, failed: false };
    const fields = view.read();
    if (fields.modelIds.length === 0) return { viewportId: null, failed: false };
    let thumbnailFileId: string | null = null;
    try {
      const picture = await view.snapshot();
      if (picture) thumbnailFileId = fileIdOf(await uploadPicture(projectId, picture));
    } catch {
      // The picture is a nicety: the viewpoint saves without it.
    }
    try {
      const saved = await create.mutateAsync({ name: viewpointName(name), ...fields, thumbnailFileId });
      return { viewportId: saved._id, failed: false };
    } catch {
      return { viewportId: null, failed: true };
    }
  }

  return {
    busy: create.isPending,
    async withViewpoint<T>(
      name: string,
      saveRecord: (viewportId: string | null) => Promise<T>,
    ): Promise<{ record: T; viewportId: string | null; failed: boolean }> {
      const { viewportId, failed } = await saveView(name);
      try {
        return { record: await saveRecord(viewportId), viewportId, failed };
      } catch (error) {
        if (viewportId) void remove.mutateAsync(viewportId).catch(() => undefined);
        throw error;
      }
    },
  };
}
