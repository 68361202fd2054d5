import type {
  Craft,
  DayOff,
  PersonnelCollection,
  Rule,
  SettingDeleted,
  Unit,
  ViolationItem,
  ViolationType,
} from '@lintel/contracts/personnel';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { PERSONNEL_SERVICE, personnelKeys } from './keys';

const enc = encodeURIComponent;

/** What each settings collection answers (GET projects/{id}/{collection}). */
export interface SettingRecords {
  units: Unit;
  crafts: Craft;
  rules: Rule;
  violationTypes: ViolationType;
  violationItems: ViolationItem;
  dayOffs: DayOff;
}

/** Units and crafts are deleted by `PUT {collection}/{id}/delete` (spec 001 §7), the others by DELETE. */
const DELETED_BY_PUT: ReadonlySet<PersonnelCollection> = new Set(['units', 'crafts']);

/** One settings collection of the project (units, crafts, rules, violation types / items, day-offs). */
export function useSettings<C extends PersonnelCollection>(projectId: string, collection: C) {
  return useQuery({
    queryKey: personnelKeys.settings(projectId, collection),
    queryFn: ({ signal }) =>
      http.get<SettingRecords[C][]>(`${PERSONNEL_SERVICE}/projects/${enc(projectId)}/${collection}`, {
        signal,
      }),
    staleTime: 30_000,
  });
}

/**
 * After a settings change: the collection, and every personnel view (a deleted unit exits its staff, a
 * deleted rule moves its staff to the default one, names show in lists and details).
 */
function useInvalidate(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: personnelKeys.all(projectId) });
}

export function useCreateSetting<C extends PersonnelCollection>(projectId: string, collection: C) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      http.post<SettingRecords[C]>(`${PERSONNEL_SERVICE}/${collection}`, { projectId, ...body }),
    onSuccess: invalidate,
  });
}

export function useUpdateSetting<C extends PersonnelCollection>(projectId: string, collection: C) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & Record<string, unknown>) =>
      http.put<SettingRecords[C]>(`${PERSONNEL_SERVICE}/${collection}/${enc(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteSetting(projectId: string, collection: PersonnelCollection) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (id: string) => {
      const path = `${PERSONNEL_SERVICE}/${collection}/${enc(id)}`;
      return DELETED_BY_PUT.has(collection)
        ? http.put<SettingDeleted>(`${path}/delete`)
        : http.delete<SettingDeleted>(path);
    },
    onSuccess: invalidate,
  });
}
