import { authAllows } from '@lintel/contracts/permissions';
import type {
  Person,
  PersonnelCreate,
  PersonnelExit,
  PersonnelImportCommit,
  PersonnelImportPreview,
  PersonnelReentry,
  PersonnelShare,
  PersonnelStatus,
  PersonnelUpdate,
  PersonSensitive,
} from '@lintel/contracts/personnel';
import { PERSONNEL_STATUSES } from '@lintel/contracts/personnel';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { fetchListPage } from '../../lib/paging';
import { uploadForm } from '../../lib/upload';
import type { PersonnelFilters } from './filters';
import { PERSONNEL_MODULE_KEY, PERSONNEL_SERVICE, type PersonnelRightKey, personnelKeys } from './keys';

const enc = encodeURIComponent;
const listPath = (projectId: string) => `${PERSONNEL_SERVICE}/projects/${enc(projectId)}/personnel`;
const personApiPath = (id: string) => `${PERSONNEL_SERVICE}/personnel/${enc(id)}`;

/** The list's filter as query parameters (no paging): also the export's. */
export function filterQuery(filters: PersonnelFilters) {
  return {
    unitId: filters.unitId ?? undefined,
    craftId: filters.craftId ?? undefined,
    status: filters.status ?? undefined,
    keyword: filters.keyword || undefined,
  };
}

/** One page of people with the total of the same filter. */
export function usePersonnel(projectId: string, filters: PersonnelFilters) {
  return useQuery({
    queryKey: personnelKeys.list(projectId, filters),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const query = { ...filterQuery(filters), expand: true };
      return fetchListPage<Person>(listPath(projectId), query, filters, signal);
    },
  });
}

export type PersonnelCounts = Record<PersonnelStatus | 'all', number>;

/** How many people each status holds for the filter without its status (the counts above the list). */
export function usePersonnelCounts(projectId: string, filters: PersonnelFilters) {
  const base = { ...filterQuery(filters), status: undefined };
  return useQuery({
    queryKey: personnelKeys.counts(projectId, base),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<PersonnelCounts> => {
      const count = (status?: PersonnelStatus) =>
        http
          .get<{ count: number }>(listPath(projectId), {
            signal,
            query: { ...base, status, only_count: true },
          })
          .then((answer) => answer.count);
      const [all, entry, exit, abnormal] = await Promise.all([
        count(),
        ...PERSONNEL_STATUSES.map((status) => count(status)),
      ]);
      return { all: all!, entry: entry!, exit: exit!, abnormal: abnormal! };
    },
  });
}

/** One person with their unit, craft, rule, files. */
export function usePerson(projectId: string, id: string) {
  return useQuery({
    queryKey: personnelKeys.detail(projectId, id),
    enabled: id !== '',
    // The detail always carries the unit, craft, rule and files (the route takes no query).
    queryFn: ({ signal }) => http.get<Person>(personApiPath(id), { signal }),
    // 404 (another project, unknown) will not change by asking again.
    retry: false,
  });
}

/**
 * One person's ID number and phones in full (the viewSensitive right). Every call is one audited view on the
 * server, so it is asked on an explicit action only and never cached.
 */
export function useRevealPerson() {
  return useMutation({
    mutationFn: (id: string) => http.get<PersonSensitive>(`${personApiPath(id)}/sensitive`),
  });
}

/** Whether the user may create, edit, delete or export personnel (GET account-service/projects/{id}/auth). */
export function usePersonnelRight(projectId: string, key: PersonnelRightKey) {
  return useQuery({
    queryKey: personnelKeys.right(projectId, key),
    queryFn: async ({ signal }) => {
      const answer = await http.get<{ value?: unknown }>(`account-service/projects/${enc(projectId)}/auth`, {
        signal,
        query: { key, moduleKey: PERSONNEL_MODULE_KEY },
      });
      return authAllows(key, answer?.value);
    },
    staleTime: 60_000,
  });
}

/**
 * The person's share token and the card's address (made by the server on first asking, then the same until
 * rotated or revoked; the export right).
 */
export function usePersonShare(projectId: string, id: string, enabled: boolean) {
  return useQuery({
    queryKey: personnelKeys.share(projectId, id),
    enabled,
    queryFn: ({ signal }) => http.get<PersonnelShare>(`${personApiPath(id)}/share`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // 403 (no export right) and 409 (exited) will not change by asking again.
    retry: false,
  });
}

/** A new token for the staff QR code: the old code (and printed cards) stop working at once. */
export function useRotatePersonShare(projectId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<PersonnelShare>(`${personApiPath(id)}/share`, {}),
    onSuccess: (share) => queryClient.setQueryData(personnelKeys.share(projectId, id), share),
  });
}

/** Revokes the staff QR code: its page answers "not found" until a new one is made. */
export function useRevokePersonShare(projectId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete<unknown>(`${personApiPath(id)}/share`),
    onSuccess: () => queryClient.removeQueries({ queryKey: personnelKeys.share(projectId, id), exact: true }),
  });
}

function useInvalidate(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: personnelKeys.all(projectId) });
}

export function useCreatePerson(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (body: PersonnelCreate) => http.post<Person>(`${PERSONNEL_SERVICE}/personnel`, body),
    onSuccess: invalidate,
  });
}

export function useUpdatePerson(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, ...body }: PersonnelUpdate & { id: string }) =>
      http.put<Person>(personApiPath(id), body),
    onSuccess: invalidate,
  });
}

export function useExitPerson(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, ...body }: PersonnelExit & { id: string }) =>
      http.put<Person>(`${personApiPath(id)}/exit`, body),
    onSuccess: invalidate,
  });
}

export function useReenterPerson(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, ...body }: PersonnelReentry & { id: string }) =>
      http.put<Person>(`${personApiPath(id)}/reentry`, body),
    onSuccess: invalidate,
  });
}

/** Paths of the import template and of the export (downloaded with `downloadFile` of lib/download). */
export const importTemplatePath = (projectId: string) => `${listPath(projectId)}/import-template`;
export const exportPath = listPath;

/** Sends an .xlsx to the import: `preview` answers the rows and their problems and saves nothing. */
export function sendImport<P extends boolean>(
  projectId: string,
  file: File,
  preview: P,
  language: string,
): Promise<P extends true ? PersonnelImportPreview : PersonnelImportCommit> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadForm(`${listPath(projectId)}/import?preview=${preview}&lang=${enc(language)}`, form);
}

export function useImportPersonnel(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ file, language }: { file: File; language: string }) =>
      sendImport(projectId, file, false, language),
    onSuccess: invalidate,
  });
}
