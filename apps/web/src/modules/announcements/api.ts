import type {
  Announcement,
  AnnouncementAuthKey,
  AnnouncementBox,
  AnnouncementCreate,
  AnnouncementSummary,
} from '@lintel/contracts/announcements';
import type { MemberView, Structure } from '@lintel/contracts/org';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { uploadForm } from '../../lib/upload';

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
  members: (projectId: string) => [...announcementKeys.all(projectId), 'members'] as const,
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

/** Members come in pages of this size; a project's whole list is read for the receiver picker. */
const MEMBERS_PAGE = 200;
const MEMBERS_MAX_PAGES = 25;

/** Every member of the project with their user (for the receiver picker). */
export function useProjectMembers(projectId: string) {
  return useQuery({
    queryKey: announcementKeys.members(projectId),
    queryFn: async ({ signal }) => {
      const all: MemberView[] = [];
      for (let page = 0; page < MEMBERS_MAX_PAGES; page += 1) {
        const rows = await http.get<MemberView[]>(`account-service/projects/${enc(projectId)}/members`, {
          signal,
          query: { expand: true, skip: page * MEMBERS_PAGE, limit: MEMBERS_PAGE, order: 'order' },
        });
        all.push(...rows);
        if (rows.length < MEMBERS_PAGE) break;
      }
      return all;
    },
    staleTime: 30_000,
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

/** Uploads one attachment into the project's files, reporting the progress; answers the file's id. */
export async function uploadAttachment(
  projectId: string,
  file: File,
  options: { onProgress: (percent: number) => void; signal: AbortSignal },
): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await uploadForm<{ files?: string[] }>(
    `base-service/files?projectId=${enc(projectId)}`,
    form,
    options,
  );
  const url = answer?.files?.[0];
  const id = url?.split('/').pop();
  if (!id) throw new Error('The upload answered no file');
  return id;
}

/** An attachment uploaded for a form that was then removed or abandoned: its bytes go too. */
export function discardUpload(fileId: string): Promise<unknown> {
  return http.delete<unknown>(`base-service/files/${enc(fileId)}`);
}
