import type {
  Invitation,
  InvitationCreated,
  MemberAddResult,
  MemberCreate,
  MemberRequest,
  MemberRequestHandle,
  MemberRequestStatus,
  MembershipInvitation,
  MemberUpdate,
  MemberView,
  Structure,
} from '@lintel/contracts/org';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { projectApiPath, projectSettingsKeys } from './api';

const enc = encodeURIComponent;

export interface MembersQuery {
  page: number;
  pageSize: number;
  /** A keyword over account, nickname and phone. */
  search: string;
  /** A server `order` (field, `-` for descending); '' for the manual order. */
  order: string;
}

export const memberKeys = {
  all: (projectId: string) => [...projectSettingsKeys.project(projectId), 'members'] as const,
  list: (projectId: string, query: MembersQuery) => [...memberKeys.all(projectId), 'list', query] as const,
  requests: (projectId: string, status: MemberRequestStatus, page: number) =>
    [...memberKeys.all(projectId), 'requests', status, page] as const,
  structures: (projectId: string) => [...projectSettingsKeys.project(projectId), 'structures'] as const,
  invitations: (projectId: string) => [...memberKeys.all(projectId), 'invitations'] as const,
  pending: (projectId: string) => [...memberKeys.all(projectId), 'pending'] as const,
};

/** `where` of a keyword search: a plain substring over the user's account, nickname and phone. */
export function memberSearchWhere(search: string): string | undefined {
  const keyword = search.trim().slice(0, 64);
  if (!keyword) return undefined;
  const like = { $regex: keyword };
  return JSON.stringify({ $or: [{ name: like }, { nickName: like }, { phoneNumber: like }] });
}

/** One page of GET projects/{id}/members?expand=true, with the total of the same filter. */
export function useMembers(projectId: string, query: MembersQuery) {
  return useQuery({
    queryKey: memberKeys.list(projectId, query),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const where = memberSearchWhere(query.search);
      const path = `${projectApiPath(projectId)}/members`;
      const [rows, count] = await Promise.all([
        http.get<MemberView[]>(path, {
          signal,
          query: {
            expand: true,
            skip: (query.page - 1) * query.pageSize,
            limit: query.pageSize,
            order: query.order || 'order',
            where,
          },
        }),
        http.get<{ count: number }>(path, { signal, query: { only_count: true, where } }),
      ]);
      return { rows, total: count.count };
    },
  });
}

/** The project's organisation structure (departments), for the department pickers. */
export function useStructures(projectId: string) {
  return useQuery({
    queryKey: memberKeys.structures(projectId),
    queryFn: ({ signal }) => http.get<Structure[]>(`${projectApiPath(projectId)}/structures`, { signal }),
  });
}

function useInvalidateMembers(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberKeys.all(projectId) });
}

export function useAddMember(projectId: string) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: (body: MemberCreate) =>
      http.post<MemberAddResult>(`${projectApiPath(projectId)}/members`, body),
    onSuccess: invalidate,
  });
}

/**
 * GET projects/{id}/membership-invitations: the people invited and not yet answered (issue 14), with only
 * what the inviter typed — never whom it matched.
 */
export function usePendingInvitations(projectId: string) {
  return useQuery({
    queryKey: memberKeys.pending(projectId),
    queryFn: ({ signal }) =>
      http.get<MembershipInvitation[]>(`${projectApiPath(projectId)}/membership-invitations`, {
        signal,
        query: { limit: 200 },
      }),
  });
}

/** DELETE membership-invitations/{id}: the invitation ends (the invitee's to-do closes with it). */
export function useCancelMembershipInvitation(projectId: string) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`account-service/membership-invitations/${enc(id)}`),
    onSettled: invalidate,
  });
}

export function useUpdateMember(projectId: string) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: ({ id, ...body }: MemberUpdate & { id: string }) =>
      http.put<MemberView>(`account-service/members/${enc(id)}`, body),
    onSuccess: invalidate,
  });
}

/** New manual orders for several members (a drag), then one refresh. */
export function useReorderMembers(projectId: string) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: async (changes: { id: string; order: number }[]) => {
      for (const change of changes) {
        await http.put<MemberView>(`account-service/members/${enc(change.id)}`, { order: change.order });
      }
    },
    onSettled: invalidate,
  });
}

export function useRemoveMember(projectId: string) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`account-service/members/${enc(id)}`),
    onSuccess: invalidate,
  });
}

/**
 * The link this tab created last for the project (the server keeps only its hash, so it cannot be asked for
 * again): the invite dialog shows it again instead of making a new link at every opening. Cleared with the
 * rest of the cache at sign-out.
 */
const lastLinkKey = (projectId: string) => ['project-invite-link', projectId] as const;

export function useCreateInvitation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<InvitationCreated>(`${projectApiPath(projectId)}/invitations`, {}),
    onSuccess: (created) => {
      // Kept until sign-out (no request refreshes it: the default five minutes would forget it).
      queryClient.setQueryDefaults(lastLinkKey(projectId), { gcTime: Number.POSITIVE_INFINITY });
      queryClient.setQueryData(lastLinkKey(projectId), created);
      return queryClient.invalidateQueries({ queryKey: memberKeys.invitations(projectId) });
    },
  });
}

/** The last link made here, while it still works: not expired, and (when the open links are known) not revoked. */
export function useLastInvitationLink(projectId: string) {
  const queryClient = useQueryClient();
  return (openLinks: readonly Invitation[] | undefined): InvitationCreated | null => {
    const last = queryClient.getQueryData<InvitationCreated>(lastLinkKey(projectId));
    if (!last || new Date(last.expiresAt).getTime() <= Date.now()) return null;
    if (openLinks && !openLinks.some((link) => link._id === last._id)) return null;
    return last;
  };
}

/** GET projects/{id}/invitations: the open links (neither revoked nor expired), newest first. */
export function useInvitations(projectId: string) {
  return useQuery({
    queryKey: memberKeys.invitations(projectId),
    queryFn: ({ signal }) => http.get<Invitation[]>(`${projectApiPath(projectId)}/invitations`, { signal }),
  });
}

/** DELETE invitations/{id}: the link stops working at once. */
export function useRevokeInvitation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`account-service/invitations/${enc(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.invitations(projectId) }),
  });
}

export function useMemberRequests(
  projectId: string,
  status: MemberRequestStatus,
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: memberKeys.requests(projectId, status, page),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const path = `${projectApiPath(projectId)}/member-requests`;
      const [rows, count] = await Promise.all([
        http.get<MemberRequest[]>(path, {
          signal,
          query: { status, skip: (page - 1) * pageSize, limit: pageSize },
        }),
        http.get<{ count: number }>(path, { signal, query: { status, only_count: true } }),
      ]);
      return { rows, total: count.count };
    },
  });
}

export function useHandleRequest(projectId: string) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: ({ id, ...body }: MemberRequestHandle & { id: string }) =>
      http.put<MemberRequest>(`account-service/member-requests/${enc(id)}`, body),
    onSettled: invalidate,
  });
}

/** Every member of the project (first 200), users expanded: the administrators picker of basic info. */
export function useAllMembers(projectId: string) {
  return useQuery({
    queryKey: [...memberKeys.all(projectId), 'all'] as const,
    queryFn: ({ signal }) =>
      http.get<MemberView[]>(`${projectApiPath(projectId)}/members`, {
        signal,
        query: { expand: true, limit: 200, order: 'order' },
      }),
  });
}
