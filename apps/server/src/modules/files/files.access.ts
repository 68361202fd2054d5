import type { User } from '@lintel/contracts/account';
import type { PermissionType } from '@lintel/contracts/permissions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { OrgAccess, ScopeNeed } from '../org/access';
import { memberMayAny } from '../permissions/grants';
import { type FileOwners, fileAttachments } from './attachments';
import { isPictureType } from './file-kinds';
import type { FileRow } from './files.repository';

/**
 * The upload right (issue 14): a project's admin, or a member whose template grants any of these in any
 * module — whoever may create or change something in the project may bring files to it.
 */
export const UPLOAD_PERMISSIONS: readonly PermissionType[] = [
  'create',
  'edit',
  'upload',
  'personalOperation',
];

/** Loose project files (attached to no record) are the documents module's to show, with its download right. */
const LOOSE_FILE_NEED = { moduleKey: 'documents', permission: 'download' } as const;

export interface FileAccessDeps {
  db: Kysely<Database>;
  access: OrgAccess;
  owners: FileOwners;
}

/**
 * Who may read and delete a stored file: the rules every download, preview and deletion go through.
 * - Read: the uploader; for a file attached to records, whoever the owning module lets see one of them
 *   (its port); for a project file attached to nothing, the project's admins, holders of the documents
 *   module's download right and system administrators; for a file of no project, system administrators,
 *   and every signed-in user when it is a picture (avatars and logos are shown to others), never when it
 *   is a document.
 * - Delete: the uploader, or an admin of the file's project.
 */
export function createFileAccess({ db, access, owners }: FileAccessDeps) {
  /** The organisation's check as a yes or no: refusals (404 unknown or hidden, 403 role) are a no. */
  async function mayInProject(user: User, projectId: string, need: ScopeNeed): Promise<boolean> {
    try {
      await access.requireScopeRole(user, { type: 'project', id: projectId }, need);
      return true;
    } catch (error) {
      if (error instanceof AppError && (error.status === 403 || error.status === 404)) return false;
      throw error;
    }
  }

  return {
    async canRead(user: User, file: FileRow): Promise<boolean> {
      if (file.owner_id === user._id) return true;
      const attached = await fileAttachments.of(db, file.id);
      if (attached.size > 0) {
        for (const [owner, recordIds] of attached) {
          const port = owners.get(owner);
          if (port && (await port.canRead(user, recordIds))) return true;
        }
        return false;
      }
      if (file.project_id !== null) {
        if (user.isSystemAdmin) return mayInProject(user, file.project_id, 'read');
        return mayInProject(user, file.project_id, LOOSE_FILE_NEED);
      }
      return user.isSystemAdmin || isPictureType(file.content_type);
    },

    async canDelete(user: User, file: FileRow): Promise<boolean> {
      if (file.owner_id === user._id) return true;
      return file.project_id !== null && mayInProject(user, file.project_id, 'admin');
    },

    /** 404 for a project the caller cannot see, 403 without the upload right (system administrators too). */
    async requireUpload(user: User, projectId: string): Promise<void> {
      const scope = await access.requireScopeRole(user, { type: 'project', id: projectId }, 'read');
      // A system administrator reads every project but adds nothing to one they are not a member of.
      if (scope.role === null) throw new AppError(403, 'files.uploadNotAllowed');
      if (scope.role === 'admin') return;
      if (!(await memberMayAny(db, projectId, user._id, UPLOAD_PERMISSIONS))) {
        throw new AppError(403, 'files.uploadNotAllowed');
      }
    },
  };
}
export type FileAccess = ReturnType<typeof createFileAccess>;
