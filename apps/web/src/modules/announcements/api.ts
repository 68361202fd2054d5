import type {
  Announcement,
  AnnouncementAuthKey,
  AnnouncementBox,
  AnnouncementCreate,
  AnnouncementSummary,
} from '@lintel/contracts/announcements';
import type { Structure } from '@lintel/contracts/org';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

const enc = encodeURIComponent;
const SERVICE = 'announcement-service';

export const announcementKeys = {
  all: (projectId: string) => ['announcements', projectId] as const,
  lists: (projectId: string) => [...announcementKeys.all(projectId), 'list'] as const,
  list: (projectId: string, box: AnnouncementBox, page: number, pageSize: number) =>
    [...announcementKeys.lists(projectId), box, page, pageSize] as const,
  detail: (projectId: string, id: string) => [...announcementKeys.all(projectId), 'detail', id] as const,
  auth: (projectId: string, key: AnnouncementAuthKey) =>
    [...announcementKeys.all(projectId), 'auth', key] as const,
  structures: (projectId: string) => [...announcementKeys.all(projectId), 'structures'] as const,
};

/** One page of a box, pinned first (the server's order), with the box's total. */
export function useAnnouncements(projectId: string, box: AnnouncementBox, page: number, pageSize: number) {
  return useQuery({
    queryKey: announcementKeys.list(projectId, box, page, pageSize),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const path = `${SERVICE}/projects/${enc(projectId)}/announcements`;
      const [rows, count] = await Promise.all([
        http.get<AnnouncementSummary[]>(path, {
          signal,
          query: { type: box, expand: true, skip: (page - 1) * pageSize, limit: pageSize },
        }),
        http.get<{ count: number }>(path, { signal, query: { type: box, only_count: true } }),
      ]);
      return { rows, total: count.count };
    },
  });
}

/** One announcement with its sender, departments and (for its sender and admins) the receivers' states. */
export function useAnnouncement(projectId: string, id: string) {
  return useQuery({
    queryKey: announcementKeys.detail(projectId, id),
    queryFn: ({ signal }) =>
      http.get<Announcement>(`${SERVICE}/announcements/${enc(id)}`, { signal, query: { expand: true } }),
    // 404 (deleted, recalled) will not change by asking again.
    retry: false,
  });
}

/** A missing value or the text `false` is no right (spec 001 §6). */
export function allowsRight(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false && value !== 'false' && value !== 'none';
}

/** Whether the user may create or delete announcements in the project (GET projects/{id}/auth). */
export function useAnnouncementRight(projectId: string, key: AnnouncementAuthKey) {
  return useQuery({
    queryKey: announcementKeys.auth(projectId, key),
    queryFn: async ({ signal }) => {
      const answer = await http.get<{ value?: unknown }>(`${SERVICE}/projects/${enc(projectId)}/auth`, {
        signal,
        query: { key, category: 'default' },
      });
      return allowsRight(answer?.value);
    },
    staleTime: 60_000,
  });
}

/** The project's organisation structure: its departments. */
export function useProjectStructures(projectId: string) {
  return useQuery({
    queryKey: announcementKeys.structures(projectId),
    queryFn: ({ signal }) =>
      http.get<Structure[]>(`account-service/projects/${enc(projectId)}/structures`, { signal }),
    staleTime: 30_000,
  });
}

function useInvalidate(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: announcementKeys.all(projectId) });
}

export function useCreateAnnouncement(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (body: AnnouncementCreate) => http.post<Announcement>(`${SERVICE}/announcements`, body),
    onSuccess: invalidate,
  });
}

/** Marks it read (opening it): the lists' unread marks and the detail follow. */
export function useMarkRead(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.put<Announcement>(`${SERVICE}/announcements/${enc(id)}`, undefined, { query: { read: true } }),
    onSuccess: async (announcement) => {
      queryClient.setQueryData<Announcement>(announcementKeys.detail(projectId, announcement._id), (old) =>
        old ? { ...old, read: announcement.read, unRead: announcement.unRead } : old,
      );
      await queryClient.invalidateQueries({ queryKey: announcementKeys.lists(projectId) });
    },
  });
}

export type AnnouncementChange = { id: string } & ({ stick: boolean } | { recall: true });

/** Pin, unpin or recall. */
export function useChangeAnnouncement(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, ...change }: AnnouncementChange) =>
      http.put<Announcement>(`${SERVICE}/announcements/${enc(id)}`, undefined, { query: change }),
    onSuccess: invalidate,
  });
}

export function useDeleteAnnouncement(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`${SERVICE}/announcements/${enc(id)}`),
    onSuccess: invalidate,
  });
}

/** Every announcement of a box: sent ones for everyone, received ones out of the user's list. */
export function useDeleteBox(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (box: AnnouncementBox) =>
      http.delete<{ count: number }>(`${SERVICE}/projects/${enc(projectId)}/announcements`, {
        query: { type: box === 'send' ? 'posted' : 'received' },
      }),
    onSuccess: invalidate,
  });
}
