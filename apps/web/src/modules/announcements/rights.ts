import { useAnnouncementRight } from './api';
import type { AnnouncementRights } from './components/AnnouncementActions';

/** The user's announcement rights in the project: the auth call for create and delete, and being its admin. */
export function useAnnouncementRights(projectId: string, isAdmin: boolean) {
  const create = useAnnouncementRight(projectId, 'create');
  const remove = useAnnouncementRight(projectId, 'delete');
  const rights: AnnouncementRights = {
    canCreate: create.data === true,
    canDelete: remove.data === true,
    isAdmin,
  };
  return { rights, pending: create.isPending || remove.isPending, createPending: create.isPending };
}
