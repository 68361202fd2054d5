import type {
  Circle,
  CircleCreate,
  CircleUpdate,
  Enterprise,
  EnterpriseCreate,
  EnterpriseUpdate,
  MemberAddResult,
  MembershipInvitation,
  MyMembershipInvitation,
  OptionItem,
  Project,
  ProjectCreate,
} from '@lintel/contracts/org';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';

/**
 * account-service calls for enterprises, circles, projects and their members (spec 000 §7). One key
 * factory for the home tree, the enterprise area and the workbench: a create invalidates all of them.
 */
export const orgKeys = {
  all: ['org'] as const,
  mine: () => [...orgKeys.all, 'mine'] as const,
  enterprises: () => [...orgKeys.mine(), 'enterprises'] as const,
  circles: () => [...orgKeys.mine(), 'circles'] as const,
  projects: () => [...orgKeys.mine(), 'projects'] as const,
  enterprise: (id: string) => [...orgKeys.all, 'enterprise', id] as const,
  enterpriseCircles: (id: string) => [...orgKeys.enterprise(id), 'circles'] as const,
  enterpriseProjects: (id: string) => [...orgKeys.enterprise(id), 'projects'] as const,
  enterpriseMembers: (id: string) => [...orgKeys.enterprise(id), 'members'] as const,
  enterprisePending: (id: string) => [...orgKeys.enterprise(id), 'pendingInvitations'] as const,
  project: (id: string) => [...orgKeys.all, 'project', id] as const,
  options: () => [...orgKeys.all, 'options'] as const,
  invitation: (token: string) => [...orgKeys.all, 'invitation', token] as const,
  myInvitations: () => [...orgKeys.mine(), 'membershipInvitations'] as const,
};

const enc = encodeURIComponent;
/** The server's largest page (DESIGN.md §4: limit ≤ 200). */
export const MAX_PAGE = 200;

/** Every row of a list, page after page of 200 (skip = (page − 1) × 200) until a short page. */
export async function fetchAll<T>(path: string, query: Record<string, QueryValue> = {}): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const batch = await http.get<T[]>(path, {
      query: { ...query, skip: (page - 1) * MAX_PAGE, limit: MAX_PAGE },
    });
    rows.push(...batch);
    if (batch.length < MAX_PAGE) return rows;
  }
}

export const enterprisesQuery = queryOptions({
  queryKey: orgKeys.enterprises(),
  queryFn: () => fetchAll<Enterprise>('account-service/enterprises'),
});
export const circlesQuery = queryOptions({
  queryKey: orgKeys.circles(),
  queryFn: () => fetchAll<Circle>('account-service/circles'),
});
export const projectsQuery = queryOptions({
  queryKey: orgKeys.projects(),
  queryFn: () => fetchAll<Project>('account-service/projects'),
});

export function useMyEnterprises(enabled = true) {
  return useQuery({ ...enterprisesQuery, enabled });
}
export function useMyCircles(enabled = true) {
  return useQuery({ ...circlesQuery, enabled });
}
export function useMyProjects(enabled = true) {
  return useQuery({ ...projectsQuery, enabled });
}

export function useEnterprise(id: string) {
  return useQuery({
    queryKey: orgKeys.enterprise(id),
    queryFn: () => http.get<Enterprise>(`account-service/enterprises/${enc(id)}`),
  });
}
export function useEnterpriseCircles(id: string) {
  return useQuery({
    queryKey: orgKeys.enterpriseCircles(id),
    queryFn: () => fetchAll<Circle>(`account-service/enterprises/${enc(id)}/circles`),
  });
}
export function useEnterpriseProjects(id: string) {
  return useQuery({
    queryKey: orgKeys.enterpriseProjects(id),
    queryFn: () => fetchAll<Project>(`account-service/enterprises/${enc(id)}/projects`),
  });
}

/** A member row with its user embedded (`expand=true`); the user may be absent on older servers. */
export interface ExpandedMember {
  _id: string;
  userId: string;
  role: 'admin' | 'member';
  department?: string;
  remark?: string;
  vip?: boolean;
  user?: { _id: string; name: string; nickName?: string; phoneNumber?: string | null; avatar?: string };
}

export function useEnterpriseMembers(id: string, enabled = true) {
  return useQuery({
    queryKey: orgKeys.enterpriseMembers(id),
    queryFn: () =>
      fetchAll<ExpandedMember>(`account-service/enterprises/${enc(id)}/members`, { expand: true }),
    enabled,
  });
}

/** Adds a user to an enterprise by phone number or account (POST enterprises/{id}/members). */
export function useAddEnterpriseMember(enterpriseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { phoneNumber: string } | { name: string } | { userId: string }) =>
      http.post<MemberAddResult>(`account-service/enterprises/${enc(enterpriseId)}/members`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.enterprise(enterpriseId) }),
  });
}

/** GET enterprises/{id}/membership-invitations (admins): who was invited and has not answered yet. */
export function useEnterprisePendingInvitations(enterpriseId: string, enabled: boolean) {
  return useQuery({
    queryKey: orgKeys.enterprisePending(enterpriseId),
    queryFn: ({ signal }) =>
      http.get<MembershipInvitation[]>(
        `account-service/enterprises/${enc(enterpriseId)}/membership-invitations`,
        {
          signal,
          query: { limit: MAX_PAGE },
        },
      ),
    enabled,
  });
}

/** DELETE membership-invitations/{id} (admins of its scope). */
export function useCancelEnterpriseInvitation(enterpriseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`account-service/membership-invitations/${enc(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgKeys.enterprisePending(enterpriseId) }),
  });
}

/** GET projects_types and GET projects_scopes: the option lists of the project form (spec 001 §9). */
export interface ProjectOptions {
  types: OptionItem[];
  scopes: Record<string, OptionItem[]>;
}
export function useProjectOptions(enabled = true) {
  return useQuery({
    queryKey: orgKeys.options(),
    queryFn: async (): Promise<ProjectOptions> => {
      const [types, scopes] = await Promise.all([
        http.get<OptionItem[]>('account-service/projects_types'),
        http.get<Record<string, OptionItem[]>>('account-service/projects_scopes'),
      ]);
      return { types, scopes };
    },
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** Every create changes the trees and lists: all org answers are refetched. */
function useOrgCreate<Body, Answer>(path: string, query?: Record<string, QueryValue>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => http.post<Answer>(`account-service/${path}`, body, { query }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

export function useCreateEnterprise() {
  return useOrgCreate<EnterpriseCreate, Enterprise>('enterprises');
}
export function useCreateCircle() {
  return useOrgCreate<CircleCreate, Circle>('circles');
}
/** `?initial=true`: the project gets its default set-up (settings display, board, statistics). */
export function useCreateProject() {
  return useOrgCreate<ProjectCreate, Project>('projects', { initial: true });
}

/** PUT enterprises/{id} {name, shortName} (its administrators): the answer is the enterprise as saved. */
export function useUpdateEnterprise(enterpriseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnterpriseUpdate) =>
      http.put<Enterprise>(`account-service/enterprises/${enc(enterpriseId)}`, body),
    onSuccess: (enterprise) => {
      queryClient.setQueryData(orgKeys.enterprise(enterpriseId), enterprise);
      // The name also shows in the side list, the home tree and the workbench switcher.
      return queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}

/** PUT circles/{id} {name} (admins of the circle or of its enterprise). */
export function useRenameCircle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CircleUpdate & { id: string }) =>
      http.put<Circle>(`account-service/circles/${enc(id)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

/**
 * PUT circles/{id}/deleted?recordId={id} (enterprise admins): `recordId` repeats the circle's id as a
 * guard against a mistyped path. The server deletes an empty circle only (409 permissions.circleNotEmpty
 * with its counts otherwise), so no project is ever left without its circle.
 */
export function useDeleteCircle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.put<Record<string, never>>(`account-service/circles/${enc(id)}/deleted`, undefined, {
        query: { recordId: id },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

/** PUT projects/{id}/deleted (its admins, enterprise admins among them): gone from every list after. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.put<Record<string, never>>(`account-service/projects/${enc(id)}/deleted`),
    onSuccess: (_, id) => {
      // The project now answers 404: its cached record goes rather than being refetched.
      queryClient.removeQueries({ queryKey: orgKeys.project(id) });
      return queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}

/** PUT {enterprises|circles|projects}/{id}/enter: remembered as the user's current place. */
export function enterPlace(type: 'enterprise' | 'circle' | 'project', id: string): Promise<unknown> {
  return http.put(`account-service/${type}s/${enc(id)}/enter`);
}

/** Whether the signed-in user administers the enterprise (its member row of `role` admin). */
export function useEnterpriseAdmin(enterpriseId: string, userId: string | undefined) {
  return useQuery({
    queryKey: [...orgKeys.enterprise(enterpriseId), 'admin', userId ?? ''] as const,
    enabled: Boolean(userId),
    queryFn: async (): Promise<boolean> => {
      try {
        const rows = await http.get<{ userId: string; role: string }[]>(
          `account-service/enterprises/${enc(enterpriseId)}/members`,
          { query: { where: JSON.stringify({ userId }), limit: 1 } },
        );
        return rows.some((row) => row.userId === userId && row.role === 'admin');
      } catch {
        return false;
      }
    },
  });
}

/** GET member-invitations/{token}: where an invitation leads (signed in). */
export interface InvitationInfo {
  _id: string;
  scopeType: 'enterprise' | 'circle' | 'project';
  scopeId: string;
  scopeName: string;
  inviter: { _id: string; name: string; nickName: string } | null;
  expiresAt: string;
  isMember: boolean;
  pending: boolean;
}

export function useInvitation(token: string, enabled: boolean) {
  return useQuery({
    queryKey: orgKeys.invitation(token),
    queryFn: () => http.get<InvitationInfo>(`account-service/member-invitations/${enc(token)}`),
    enabled: enabled && token !== '',
    retry: false,
  });
}

/** POST member-invitations/{token}/apply {remark}: a pending request for the admins. */
export function useApplyInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remark: string) =>
      http.post<unknown>(`account-service/member-invitations/${enc(token)}/apply`, remark ? { remark } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.invitation(token) }),
  });
}

/** GET membership-invitations: the invitations waiting for the signed-in user's answer (issue 14). */
export function useMyMembershipInvitations(enabled: boolean) {
  return useQuery({
    queryKey: orgKeys.myInvitations(),
    queryFn: ({ signal }) =>
      http.get<MyMembershipInvitation[]>('account-service/membership-invitations', { signal }),
    enabled,
  });
}

/** POST membership-invitations/{id}/accept | decline: the invitee answers; accepting makes them a member. */
export function useAnswerMembershipInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      http.post<unknown>(`account-service/membership-invitations/${enc(id)}/${answer}`, {}),
    // Their lists change too (a new enterprise, circle or project).
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgKeys.mine() }),
  });
}
