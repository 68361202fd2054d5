import type { User } from '@lintel/contracts/account';
import { AppError } from '../../plugins/app-error';
import type { OrgAccess, ScopeNeed } from '../org/access';
import { isPictureType } from './file-kinds';
import type { FileRow } from './files.repository';

/**
 * Who may read and delete a stored file: the rules every download and deletion go through.
 * - Read: the uploader; for a project's file, whoever the organisation lets read the project (its members,
 *   admins of an enclosing circle or the enterprise, system administrators); for a file of no project,
 *   system administrators, and every signed-in user when it is a picture (avatars and logos are shown to
 *   others), never when it is a document.
 * - Delete: the uploader, or an admin of the file's project.
 */
export function createFileAccess(access: OrgAccess) {
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
      if (file.project_id !== null) return mayInProject(user, file.project_id, 'read');
      return user.isSystemAdmin || isPictureType(file.content_type);
    },

    async canDelete(user: User, file: FileRow): Promise<boolean> {
      if (file.owner_id === user._id) return true;
      return file.project_id !== null && mayInProject(user, file.project_id, 'admin');
    },
  };
}
export type FileAccess = ReturnType<typeof createFileAccess>;
