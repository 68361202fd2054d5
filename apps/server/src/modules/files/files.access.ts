import type { User } from '@lintel/contracts/account';
import type { FileRow } from './files.repository';

/**
 * Who may read a stored file: the one rule every download goes through. So far the files are avatars,
 * which every signed-in member sees on others' profiles, so any signed-in user may. Per-project rights
 * (a drawing of project A is not for members of project B) arrive with the files issue and tighten here.
 */
export function canReadFile(user: User | null, _file: FileRow): boolean {
  return user !== null;
}
