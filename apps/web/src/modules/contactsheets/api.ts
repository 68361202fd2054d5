import type {
  ContactSheet,
  ContactSheetBox,
  ContactSheetCreate,
  ContactSheetForward,
  ContactSheetMaxNumber,
  ContactSheetReplyCreate,
  ContactSheetSummary,
  ContactSheetType,
  ContactSheetUpdate,
} from '@lintel/contracts/contactsheets';
import { authAllows } from '@lintel/contracts/permissions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, http } from '../../lib/http';

const enc = encodeURIComponent;
const SERVICE = 'worksheet-service';

/** What the list shows: the box, the kind, unread only, a keyword; and the page. */
export interface SheetFilter {
  box: ContactSheetBox;
  type: ContactSheetType | null;
  unreadOnly: boolean;
  keyword: string;
}

/** The rights of the contactLists module the screens ask for (`GET …/projects/{id}/auth`). */
export type SheetRightKey = 'create' | 'delete' | 'export';

export const contactSheetKeys = {
  all: (projectId: string) => ['contactsheets', projectId] as const,
  lists: (projectId: string) => [...contactSheetKeys.all(projectId), 'list'] as const,
  list: (projectId: string, filter: SheetFilter, page: number, pageSize: number) =>
    [...contactSheetKeys.lists(projectId), filter, page, pageSize] as const,
  counts: (projectId: string, filter: Omit<SheetFilter, 'box'>) =>
    [...contactSheetKeys.lists(projectId), 'counts', filter] as const,
  detail: (projectId: string, id: string) => [...contactSheetKeys.all(projectId), 'detail', id] as const,
  maxNumber: (projectId: string, type: ContactSheetType) =>
    [...contactSheetKeys.all(projectId), 'max-number', type] as const,
  right: (projectId: string, key: SheetRightKey) =>
    [...contactSheetKeys.all(projectId), 'right', key] as const,
};

/** The query of the list call for a filter (without paging). */
function filterQuery(filter: Omit<SheetFilter, 'box'>) {
  const keyword = filter.keyword.trim();
  return {
    type: filter.type ?? undefined,
    unRead: filter.unreadOnly ? true : undefined,
    // A plain substring match on the title or the number (the server escapes it).
    where: keyword
      ? JSON.stringify({ $or: [{ title: { $regex: keyword } }, { number: { $regex: keyword } }] })
      : undefined,
  };
}

const listPath = (projectId: string) => `${SERVICE}/projects/${enc(projectId)}/contactsheets`;

/** One page of a box for the filter, newest sent first (the server's default order). */
export function useContactSheets(projectId: string, filter: SheetFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: contactSheetKeys.list(projectId, filter, page, pageSize),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<ContactSheetSummary[]>(listPath(projectId), {
        signal,
        query: {
          ...filterQuery(filter),
          visible: filter.box,
          skip: (page - 1) * pageSize,
          limit: pageSize,
        },
      }),
  });
}

/** How many sheets each box holds for the same filter (the tabs' counts; the list's total). */
export function useContactSheetCounts(projectId: string, filter: Omit<SheetFilter, 'box'>) {
  return useQuery({
    queryKey: contactSheetKeys.counts(projectId, filter),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const count = (box: ContactSheetBox) =>
        http
          .get<{ count: number }>(listPath(projectId), {
            signal,
            query: { ...filterQuery(filter), visible: box, only_count: true },
          })
          .then((answer) => answer.count);
      const [received, sent, all] = await Promise.all([count('received'), count('sent'), count('all')]);
      return { received, sent, all } satisfies Record<ContactSheetBox, number>;
    },
  });
}

/** One sheet with its people, replies and circulation record. */
export function useContactSheet(projectId: string, id: string) {
  return useQuery({
    queryKey: contactSheetKeys.detail(projectId, id),
    queryFn: ({ signal }) =>
      http.get<ContactSheet>(`${SERVICE}/contactsheets/${enc(id)}`, { signal, query: { expand: true } }),
    // 404 (deleted, recalled) will not change by asking again.
    retry: false,
    enabled: id !== '',
  });
}

/** The last number used for a kind and the next one (the form's preview). */
export function useMaxNumber(projectId: string, type: ContactSheetType, enabled = true) {
  return useQuery({
    queryKey: contactSheetKeys.maxNumber(projectId, type),
    queryFn: ({ signal }) =>
      http.get<ContactSheetMaxNumber>(`${listPath(projectId)}/max-number`, { signal, query: { type } }),
    enabled,
  });
}

/** Whether the user holds a right of the contactLists module in the project. */
export function useContactSheetRight(projectId: string, key: SheetRightKey) {
  return useQuery({
    queryKey: contactSheetKeys.right(projectId, key),
    queryFn: async ({ signal }) => {
      const answer = await http.get<{ value?: unknown }>(`account-service/projects/${enc(projectId)}/auth`, {
        signal,
        query: { key, moduleKey: 'contactLists' },
      });
      return authAllows(key, answer?.value);
    },
    staleTime: 60_000,
  });
}

/** Where the sheet's PDF is: as a download, or inline for the viewer. */
export function sheetPdfUrl(id: string, mode: 'download' | 'preview'): string {
  return apiUrl(`${SERVICE}/contactsheets/${enc(id)}`, { [mode]: true });
}

/** Refreshes the sheet with the answer the server gave, and everything else of the module. */
function useSettle(projectId: string) {
  const queryClient = useQueryClient();
  return async (sheet: ContactSheet) => {
    queryClient.setQueryData(contactSheetKeys.detail(projectId, sheet._id), sheet);
    await queryClient.invalidateQueries({
      queryKey: contactSheetKeys.all(projectId),
      predicate: (query) => query.queryKey[2] !== 'detail' || query.queryKey[3] !== sheet._id,
    });
  };
}

export function useCreateContactSheet(projectId: string) {
  const settle = useSettle(projectId);
  return useMutation({
    mutationFn: (body: ContactSheetCreate) => http.post<ContactSheet>(`${SERVICE}/contactsheets`, body),
    onSuccess: settle,
  });
}

export function useUpdateContactSheet(projectId: string) {
  const settle = useSettle(projectId);
  return useMutation({
    mutationFn: ({ id, body, resend }: { id: string; body: ContactSheetUpdate; resend?: boolean }) =>
      http.put<ContactSheet>(`${SERVICE}/contactsheets/${enc(id)}`, body, {
        query: resend ? { resend: true } : undefined,
      }),
    onSuccess: settle,
  });
}

/** Opening it marks it read for the caller: the lists' unread marks follow. */
export function useMarkRead(projectId: string) {
  const settle = useSettle(projectId);
  return useMutation({
    mutationFn: (id: string) =>
      http.put<ContactSheet>(`${SERVICE}/contactsheets/${enc(id)}`, undefined, { query: { read: true } }),
    onSuccess: settle,
  });
}

export function useReplyContactSheet(projectId: string) {
  const settle = useSettle(projectId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContactSheetReplyCreate }) =>
      http.post<ContactSheet>(`${SERVICE}/contactsheets/${enc(id)}/replies`, body),
    onSuccess: settle,
  });
}

export function useForwardContactSheet(projectId: string) {
  const settle = useSettle(projectId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContactSheetForward }) =>
      http.post<ContactSheet>(`${SERVICE}/contactsheets/${enc(id)}/forward`, body),
    onSuccess: settle,
  });
}

/** Recalls it (the sender, before any receiver replied: else 409 with the server's reason). */
export function useRecallContactSheet(projectId: string) {
  const settle = useSettle(projectId);
  return useMutation({
    // POST: the specification's GET form is refused from other sites (issue 14).
    mutationFn: (id: string) => http.post<ContactSheet>(`${SERVICE}/recall/contactsheets/${enc(id)}`, {}),
    onSuccess: settle,
  });
}

/** Deletes several at once: all or nothing (the server refuses the whole lot if one may not go). */
export function useDeleteContactSheets(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      http.delete<{ count: number }>(`${SERVICE}/contactsheets`, { query: { ids: ids.join(',') } }),
    // A deleted sheet's own page is left (asked again it would only say it was deleted).
    onSuccess: (_, ids) =>
      queryClient.invalidateQueries({
        queryKey: contactSheetKeys.all(projectId),
        predicate: (query) => query.queryKey[2] !== 'detail' || !ids.includes(String(query.queryKey[3])),
      }),
  });
}
