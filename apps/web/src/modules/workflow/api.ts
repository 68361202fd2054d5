import type { MemberView, Structure } from '@lintel/contracts/org';
import type { Template as PermissionTemplate } from '@lintel/contracts/permissions';
import type {
  WorkflowGraph,
  WorkflowGroup,
  WorkflowGroupCounts,
  WorkflowGroupCreate,
  WorkflowTemplate,
  WorkflowTemplateCreate,
  WorkflowTemplateStatus,
} from '@lintel/contracts/workflow';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, http, isHttpError } from '../../lib/http';

const enc = encodeURIComponent;
const SERVICE = 'workflow-service';
const ACCOUNT = 'account-service';

/** `all`: every template; `none`: those without a group; else a group's id. */
export type GroupFilter = 'all' | 'none' | string;

export const workflowKeys = {
  all: (projectId: string) => ['workflow', projectId] as const,
  groups: (projectId: string) => [...workflowKeys.all(projectId), 'groups'] as const,
  lists: (projectId: string) => [...workflowKeys.all(projectId), 'templates'] as const,
  list: (projectId: string, group: GroupFilter, name: string, page: number, pageSize: number) =>
    [...workflowKeys.lists(projectId), group, name, page, pageSize] as const,
  template: (projectId: string, id: string) => [...workflowKeys.all(projectId), 'template', id] as const,
  members: (projectId: string) => [...workflowKeys.all(projectId), 'members'] as const,
  structures: (projectId: string) => [...workflowKeys.all(projectId), 'structures'] as const,
  permissionTemplates: (projectId: string) =>
    [...workflowKeys.all(projectId), 'permissionTemplates'] as const,
};

export function useWorkflowGroups(projectId: string) {
  return useQuery({
    queryKey: workflowKeys.groups(projectId),
    queryFn: ({ signal }) =>
      http.get<WorkflowGroup[]>(`${SERVICE}/projects/${enc(projectId)}/workflow-groups`, { signal }),
  });
}

/** One page of templates (last changed first) with the total of the same filter. */
export function useWorkflowTemplates(
  projectId: string,
  group: GroupFilter,
  name: string,
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: workflowKeys.list(projectId, group, name, page, pageSize),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const path = `${SERVICE}/projects/${enc(projectId)}/workflow-templates`;
      const filter = { groupId: group === 'all' ? undefined : group, name: name || undefined };
      const [rows, count] = await Promise.all([
        http.get<WorkflowTemplate[]>(path, {
          signal,
          query: { ...filter, skip: (page - 1) * pageSize, limit: pageSize },
        }),
        http.get<{ count: number }>(path, { signal, query: { ...filter, only_count: true } }),
      ]);
      return { rows, total: count.count };
    },
  });
}

/** One template with its draft graph (administrators). */
export function useWorkflowTemplate(projectId: string, id: string) {
  return useQuery({
    queryKey: workflowKeys.template(projectId, id),
    queryFn: ({ signal }) =>
      http.get<WorkflowTemplate>(`${SERVICE}/workflow-templates/${enc(id)}`, { signal }),
    enabled: id !== '',
    retry: false,
    // The designer holds the draft being edited: a refetch on focus must not replace it under the user.
    refetchOnWindowFocus: false,
  });
}

// ── the approver pickers' sources ──

/** The project's members (first 200, users expanded) for the approver and cc pickers. */
export function useProjectMembers(projectId: string) {
  return useQuery({
    queryKey: workflowKeys.members(projectId),
    queryFn: ({ signal }) =>
      http.get<MemberView[]>(`${ACCOUNT}/projects/${enc(projectId)}/members`, {
        signal,
        query: { expand: true, limit: 200, order: 'order' },
      }),
    staleTime: 60_000,
  });
}

export function useProjectDepartments(projectId: string) {
  return useQuery({
    queryKey: workflowKeys.structures(projectId),
    queryFn: ({ signal }) =>
      http.get<Structure[]>(`${ACCOUNT}/projects/${enc(projectId)}/structures`, { signal }),
    staleTime: 60_000,
  });
}

export function useProjectPermissionTemplates(projectId: string) {
  return useQuery({
    queryKey: workflowKeys.permissionTemplates(projectId),
    queryFn: ({ signal }) =>
      http.get<PermissionTemplate[]>(`${ACCOUNT}/projects/${enc(projectId)}/templates`, { signal }),
    staleTime: 60_000,
  });
}

// ── writes ──

function useInvalidate(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workflowKeys.all(projectId) });
}

export function useCreateGroup(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (body: WorkflowGroupCreate) =>
      http.post<WorkflowGroup>(`${SERVICE}/projects/${enc(projectId)}/workflow-groups`, body),
    onSuccess: invalidate,
  });
}

export function useRenameGroup(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      http.put<WorkflowGroup>(`${SERVICE}/workflow-groups/${enc(id)}`, { name }),
    onSuccess: invalidate,
  });
}

/** What a group deletion answers: done, or the counts the server wants confirmed first. */
export type GroupDeletion = { deleted: true } | { deleted: false; counts: WorkflowGroupCounts };

/**
 * DELETE a group. Without `confirm` the server deletes an empty group at once and answers 409 with the
 * counts for one that holds subgroups or templates; `confirm` is the number of templates agreed to.
 */
export function useDeleteGroup(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: async ({ id, confirm }: { id: string; confirm?: number }): Promise<GroupDeletion> => {
      try {
        await http.delete<unknown>(`${SERVICE}/workflow-groups/${enc(id)}`, { query: { confirm } });
        return { deleted: true };
      } catch (error) {
        const counts = groupCounts(error);
        if (counts) return { deleted: false, counts };
        throw error;
      }
    },
    onSuccess: (result) => (result.deleted ? invalidate() : undefined),
  });
}

/** The counts of a 409 `workflow.groupDeleteConfirm` answer. */
export function groupCounts(error: unknown): WorkflowGroupCounts | undefined {
  if (!isHttpError(error) || error.status !== 409 || error.body.key !== 'workflow.groupDeleteConfirm') return;
  const counts = (error.body as unknown as { counts?: WorkflowGroupCounts }).counts;
  return counts && typeof counts.templates === 'number' ? counts : undefined;
}

export function useCreateTemplate(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (body: WorkflowTemplateCreate) =>
      http.post<WorkflowTemplate>(`${SERVICE}/projects/${enc(projectId)}/workflow-templates`, body),
    onSuccess: invalidate,
  });
}

export function useCopyTemplate(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (id: string) =>
      http.post<WorkflowTemplate>(`${SERVICE}/workflow-templates/${enc(id)}/copy`, {}),
    onSuccess: invalidate,
  });
}

export function useSetTemplateStatus(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: WorkflowTemplateStatus }) =>
      http.put<WorkflowTemplate>(`${SERVICE}/workflow-templates/${enc(id)}/status`, { status }),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`${SERVICE}/workflow-templates/${enc(id)}`),
    onSuccess: invalidate,
  });
}

export interface TemplateChange {
  revision: number;
  name?: string;
  description?: string;
  graph?: WorkflowGraph;
}

/** PUT the template (the designer's draft): a stale revision throws a 409 carrying `current`. */
export function useUpdateTemplate(projectId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TemplateChange) =>
      http.put<WorkflowTemplate>(`${SERVICE}/workflow-templates/${enc(id)}`, change),
    onSuccess: (template) => {
      queryClient.setQueryData(workflowKeys.template(projectId, id), template);
      return queryClient.invalidateQueries({ queryKey: workflowKeys.lists(projectId) });
    },
  });
}

export function usePublishTemplate(projectId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) =>
      http.post<WorkflowTemplate>(`${SERVICE}/workflow-templates/${enc(id)}/publish`, { revision }),
    onSuccess: (template) => {
      queryClient.setQueryData(workflowKeys.template(projectId, id), template);
      return queryClient.invalidateQueries({ queryKey: workflowKeys.lists(projectId) });
    },
  });
}

/** The template as it is now, from a 409 `workflow.staleTemplate` answer. */
export function staleCurrent(error: unknown): WorkflowTemplate | undefined {
  if (!(error instanceof HttpError) || error.status !== 409) return undefined;
  const current = (error.body as unknown as { current?: WorkflowTemplate }).current;
  return current && typeof current.revision === 'number' ? current : undefined;
}
