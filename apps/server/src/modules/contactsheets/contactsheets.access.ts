import type { User } from '@lintel/contracts/account';
import type { PermissionType } from '@lintel/contracts/permissions';
import { AppError } from '../../plugins/app-error';
import {
  CONTACT_SHEETS_MODULE,
  type Opened,
  type ProjectContext,
  type SheetBase,
  VIEW,
} from './contactsheets.context';
import type { Viewer } from './contactsheets.presenter';

/** Who sees a sheet, and with which rights (module `contactLists`, view scope `all` or their own). */
export function createSheetAccess(base: SheetBase) {
  const { access, authorize, visibleScope, repository, project } = base;

  async function projectContext(user: User, projectId: string): Promise<ProjectContext> {
    await access.requireScopeRole(user, project(projectId), VIEW);
    const may = (permission: PermissionType) => authorize(user, projectId, CONTACT_SHEETS_MODULE, permission);
    const [create, edit, remove, exportRight, scope] = await Promise.all([
      may('create'),
      may('edit'),
      may('delete'),
      may('export'),
      visibleScope(user, projectId, CONTACT_SHEETS_MODULE),
    ]);
    return { rights: { create, edit, delete: remove, export: exportRight }, seesAll: scope === 'all' };
  }

  /**
   * The sheet as the caller may see it: its sender; someone on it; anyone whose view scope is `all`.
   * Anyone else: 404 as for a missing one. A deleted sheet answers 404 contactsheets.deleted, a recalled
   * one 404 contactsheets.recalled to all but its sender.
   */
  async function open(user: User, id: string): Promise<Opened> {
    const row = await repository.find(id);
    if (!row) throw new AppError(404, 'common.notFound');
    const context = await projectContext(user, row.project_id);
    const person = await repository.person(id, user._id);
    const isSender = row.sender_id === user._id;
    if (!isSender && !person && !context.seesAll) throw new AppError(404, 'common.notFound');
    if (row.deleted_at !== null) throw new AppError(404, 'contactsheets.deleted');
    if (!isSender && row.status === 'recalled') throw new AppError(404, 'contactsheets.recalled');
    return { row, context, person };
  }

  function viewerOf(user: User, opened: Pick<Opened, 'context' | 'person'>): Viewer {
    return { userId: user._id, rights: opened.context.rights, person: opened.person ?? null };
  }

  function requireSender(user: User, opened: Opened): void {
    if (opened.row.sender_id !== user._id) throw new AppError(403, 'contactsheets.notSender');
  }

  return { projectContext, open, viewerOf, requireSender };
}
export type SheetAccess = ReturnType<typeof createSheetAccess>;
