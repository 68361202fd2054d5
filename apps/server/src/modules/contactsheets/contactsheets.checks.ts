import type { User } from '@lintel/contracts/account';
import { AppError } from '../../plugins/app-error';
import { badRequest, type SheetBase } from './contactsheets.context';

/** The model links a sheet holds (null or empty: none). */
export interface ModelLinks {
  modelId?: string | null;
  viewportId?: string | null;
  selectionSetId?: string | null;
}

function linkRefused(
  key:
    | 'contactsheets.viewportNotFound'
    | 'contactsheets.viewportOtherModel'
    | 'contactsheets.selectionSetNotFound',
  path: string,
) {
  return new AppError(400, key, { details: [{ path, key }] });
}

/** The people and attachments a sheet names, checked against the project; the default sender unit. */
export function createSheetChecks(base: SheetBase) {
  const { directory } = base;

  /** Receivers and cc must be members of the project, and never the sender. */
  async function checkPeople(projectId: string, senderId: string, groups: Record<string, string[]>) {
    const members = await directory.memberIds(projectId);
    for (const [path, ids] of Object.entries(groups)) {
      if (ids.includes(senderId)) throw badRequest('contactsheets.selfReceiver', path);
      if (ids.some((id) => !members.has(id))) throw badRequest('contactsheets.receiverNotMember', path);
    }
  }

  /** Files of the project that `user` may read (issue 14: nobody attaches a file they cannot see). */
  async function checkAttachments(projectId: string, ids: readonly string[], user: User): Promise<string[]> {
    const unique = [...new Set(ids)];
    const files = await directory.files(unique);
    if (
      files.length !== unique.length ||
      files.some((file) => file.project_id !== projectId) ||
      (base.readableFiles !== undefined && !(await base.readableFiles(user, unique)))
    ) {
      throw new AppError(400, 'contactsheets.attachmentNotFound', {
        details: [{ path: 'attachments', key: 'contactsheets.attachmentNotFound' }],
      });
    }
    return unique;
  }

  /**
   * The model, viewpoint and selection set a sheet links (issue 16: raised from an element in the viewer)
   * must be the project's: a live model, a viewport of the project showing that model, a selection set of
   * the project. Another project's id is refused like an unknown one (400), never stored.
   */
  async function checkModelLinks(projectId: string, links: ModelLinks): Promise<void> {
    if (links.modelId) await base.modelLinks.assertModelInProject(projectId, links.modelId, 'modelId');
    if (links.viewportId) {
      const viewport = await base.modelLinks.findViewport(projectId, links.viewportId);
      if (!viewport) throw linkRefused('contactsheets.viewportNotFound', 'viewportId');
      if (links.modelId && !viewport.modelIds.includes(links.modelId))
        throw linkRefused('contactsheets.viewportOtherModel', 'viewportId');
    }
    if (links.selectionSetId && !(await base.modelLinks.hasSelectionSet(projectId, links.selectionSetId)))
      throw linkRefused('contactsheets.selectionSetNotFound', 'selectionSetId');
  }

  /** The sender unit when none is given: their department in the project, else their company. */
  async function defaultSenderUnit(user: User, projectId: string): Promise<string> {
    return (await directory.departmentName(projectId, user._id)) || user.company || '';
  }

  return { checkPeople, checkAttachments, checkModelLinks, defaultSenderUnit };
}
export type SheetChecks = ReturnType<typeof createSheetChecks>;
