import type { MemberView, Project } from '@lintel/contracts/org';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, isHttpError } from '../../lib/http';
import { orgKeys } from '../enterprise/api';

const enc = encodeURIComponent;

export const workbenchKeys = {
  modules: (projectId: string) => [...orgKeys.project(projectId), 'modules'] as const,
  groups: () => [...orgKeys.all, 'moduleGroups', 'web'] as const,
  role: (projectId: string, userId: string) => [...orgKeys.project(projectId), 'role', userId] as const,
  me: (projectId: string, userId: string) => [...orgKeys.project(projectId), 'me', userId] as const,
};

export function projectQuery(projectId: string) {
  return queryOptions({
    queryKey: orgKeys.project(projectId),
    queryFn: () => http.get<Project>(`account-service/projects/${enc(projectId)}`),
    // A project the user cannot see answers 404: asking again will not change that.
    retry: false,
  });
}

export function useProject(projectId: string) {
  return useQuery(projectQuery(projectId));
}

/** One authorised module of a project, as `GET projects/{id}/modules?authorized=all` answers it. */
export interface ProjectModule {
  key: string;
  group?: string | null;
  name?: string;
}

/** One module group of `GET module_groups?device=web`. */
export interface ModuleGroup {
  key: string;
  name?: string;
  nameEn?: string;
  order?: number;
}

function readKey(item: unknown, ...fields: string[]): string | undefined {
  if (typeof item === 'string') return item;
  if (typeof item !== 'object' || item === null) return undefined;
  const record = item as Record<string, unknown>;
  for (const field of fields) {
    if (typeof record[field] === 'string' && record[field]) return record[field] as string;
  }
  return undefined;
}

/** A missing route (a server without the modules yet) reads as "no modules", not as an error. */
async function listOrEmpty(path: string, query?: Record<string, string>): Promise<unknown[]> {
  try {
    const answer = await http.get<unknown>(path, { query });
    return Array.isArray(answer) ? answer : [];
  } catch (error) {
    if (isHttpError(error) && (error.status === 404 || error.status === 501) && !error.fromServer) return [];
    if (isHttpError(error) && error.body.key === 'http.notFound') return [];
    throw error;
  }
}

export function useProjectModules(projectId: string) {
  return useQuery({
    queryKey: workbenchKeys.modules(projectId),
    queryFn: async (): Promise<ProjectModule[]> =>
      (
        await listOrEmpty(`account-service/projects/${enc(projectId)}/modules`, { authorized: 'all' })
      ).flatMap((item): ProjectModule[] => {
        const key = readKey(item, 'key', 'moduleKey', 'module');
        if (!key) return [];
        const record = (typeof item === 'object' && item ? item : {}) as Record<string, unknown>;
        const module: ProjectModule = { key, group: readKey(record, 'group', 'groupKey') ?? null };
        const name = readKey(record, 'name');
        if (name) module.name = name;
        return [module];
      }),
  });
}

export function useModuleGroups() {
  return useQuery({
    queryKey: workbenchKeys.groups(),
    queryFn: async (): Promise<ModuleGroup[]> =>
      (await listOrEmpty('account-service/module_groups', { device: 'web' })).flatMap(
        (item): ModuleGroup[] => {
          const key = readKey(item, 'key', 'groupKey');
          if (!key) return [];
          const record = (typeof item === 'object' && item ? item : {}) as Record<string, unknown>;
          const group: ModuleGroup = { key };
          const name = readKey(record, 'name');
          const nameEn = readKey(record, 'nameEn');
          if (name) group.name = name;
          if (nameEn) group.nameEn = nameEn;
          if (typeof record.order === 'number') group.order = record.order;
          return [group];
        },
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Whether the signed-in user administers the project: GET projects/{id}/members answers the project's
 * members and the admins of enclosing scopes, so the user's own row (`where` userId) carries the role.
 */
export function useProjectAdmin(project: Project | undefined, userId: string | undefined) {
  return useQuery({
    queryKey: workbenchKeys.role(project?._id ?? '', userId ?? ''),
    enabled: Boolean(project && userId),
    queryFn: async (): Promise<boolean> => {
      if (!project || !userId) return false;
      try {
        const rows = await http.get<{ userId: string; role: string }[]>(
          `account-service/projects/${enc(project._id)}/members`,
          { query: { where: JSON.stringify({ userId }), limit: 1 } },
        );
        return rows.some((row) => row.userId === userId && row.role === 'admin');
      } catch {
        // A member who may not list members is no admin.
        return false;
      }
    },
  });
}

/**
 * The signed-in user's own membership of the project itself (role, phone secrecy), or null when they are
 * none — an admin of an enclosing scope is listed with that scope's row and has nothing to leave here.
 */
export function useOwnMembership(projectId: string, userId: string | undefined) {
  return useQuery({
    queryKey: workbenchKeys.me(projectId, userId ?? ''),
    enabled: Boolean(userId),
    queryFn: async ({ signal }): Promise<MemberView | null> => {
      const rows = await http.get<MemberView[]>(`account-service/projects/${enc(projectId)}/members`, {
        signal,
        query: { where: JSON.stringify({ userId }), limit: 1 },
      });
      return rows.find((row) => row.userId === userId && row.scopeType === 'project') ?? null;
    },
  });
}

/** PUT projects/{id}/members/me {phoneSecret}: hide my phone from the other members. */
export function useSetOwnPhoneSecret(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phoneSecret: boolean) =>
      http.put<MemberView>(`account-service/projects/${enc(projectId)}/members/me`, { phoneSecret }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgKeys.project(projectId) }),
  });
}

/**
 * DELETE projects/{id}/members/me: leave the project. The home tree is refreshed; the project's own
 * queries are left alone (the screen leaves it; coming back, their refetch answers 'no project permission').
 */
export function useLeaveProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete<unknown>(`account-service/projects/${enc(projectId)}/members/me`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.mine() }),
  });
}
