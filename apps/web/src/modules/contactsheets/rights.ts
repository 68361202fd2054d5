import { useContactSheetRight } from './api';

export interface SheetRights {
  canCreate: boolean;
  canDelete: boolean;
  canExport: boolean;
}

/** The user's contact-sheet rights in the project (permission templates, module contactLists). */
export function useSheetRights(projectId: string) {
  const create = useContactSheetRight(projectId, 'create');
  const remove = useContactSheetRight(projectId, 'delete');
  const exporting = useContactSheetRight(projectId, 'export');
  const rights: SheetRights = {
    canCreate: create.data === true,
    canDelete: remove.data === true,
    canExport: exporting.data === true,
  };
  return { rights, createPending: create.isPending };
}
