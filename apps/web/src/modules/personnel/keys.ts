import type { PersonnelCollection } from '@lintel/contracts/personnel';

export const PERSONNEL_SERVICE = 'personnel-service';
/** The module key the permission templates grant (packages/contracts/src/permissions). */
export const PERSONNEL_MODULE_KEY = 'personnel';

export type PersonnelRightKey = 'create' | 'delete' | 'edit' | 'export' | 'viewSensitive';

/** The module's one query-key factory: every mutation invalidates through it. */
export const personnelKeys = {
  all: (projectId: string) => ['personnel', projectId] as const,
  lists: (projectId: string) => [...personnelKeys.all(projectId), 'list'] as const,
  list: (projectId: string, filters: object) => [...personnelKeys.lists(projectId), filters] as const,
  counts: (projectId: string, filters: object) =>
    [...personnelKeys.lists(projectId), 'counts', filters] as const,
  detail: (projectId: string, id: string) => [...personnelKeys.all(projectId), 'detail', id] as const,
  share: (projectId: string, id: string) => [...personnelKeys.detail(projectId, id), 'share'] as const,
  right: (projectId: string, key: PersonnelRightKey) =>
    [...personnelKeys.all(projectId), 'right', key] as const,
  settings: (projectId: string, collection: PersonnelCollection) =>
    [...personnelKeys.all(projectId), 'settings', collection] as const,
  /** The public card: no project, no session. */
  card: (token: string) => ['personnel-card', token] as const,
};
