import type {
  FormGroup,
  FormGroupCreate,
  FormTemplate,
  FormTemplateCreate,
  FormTemplateStatus,
  FormTemplateSummary,
} from '@lintel/contracts/forms';
import type { WorkflowTemplate } from '@lintel/contracts/workflow';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupFilter } from '../../components/groups/groupTree';
import { http, isHttpError } from '../../lib/http';
import { formKeys } from './api';

const enc = encodeURIComponent;
const SERVICE = 'form-service';

export const formTemplateKeys = {
  groups: (projectId: string) => [...formKeys.all(projectId), 'groups'] as const,
  lists: (projectId: string) => [...formKeys.all(projectId), 'templates'] as const,
  list: (projectId: string, group: GroupFilter, name: string, page: number, pageSize: number) =>
    [...formTemplateKeys.lists(projectId), group, name, page, pageSize] as const,
  workflows: (projectId: string) => [...formKeys.all(projectId), 'publishedWorkflows'] as const,
};

export function useFormGroups(projectId: string) {
  return useQuery({
    queryKey: formTemplateKeys.groups(projectId),
    queryFn: ({ signal }) =>
      http.get<FormGroup[]>(`${SERVICE}/projects/${enc(projectId)}/form-template-groups`, { signal }),
  });
}

/** One page of form templates with the total of the same filter. */
export function useFormTemplates(
  projectId: string,
  group: GroupFilter,
  name: string,
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: formTemplateKeys.list(projectId, group, name, page, pageSize),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const path = `${SERVICE}/projects/${enc(projectId)}/form-templates`;
      const filter = { groupId: group === 'all' ? undefined : group, name: name || undefined };
      const [rows, count] = await Promise.all([
        http.get<FormTemplateSummary[]>(path, {
          signal,
          query: { ...filter, skip: (page - 1) * pageSize, limit: pageSize },
        }),
        http.get<{ count: number }>(path, { signal, query: { ...filter, only_count: true } }),
      ]);
      return { rows, total: count.count };
    },
  });
}

/**
 * The workflow templates a form template may run on: enabled and published (the server refuses others
 * with `forms.workflowNotPublished`). The first 200 enabled ones; a project rarely has more.
 */
export function usePublishedWorkflows(projectId: string, enabled = true) {
  return useQuery({
    queryKey: formTemplateKeys.workflows(projectId),
    enabled,
    queryFn: async ({ signal }) => {
      const rows = await http.get<WorkflowTemplate[]>(
        `workflow-service/projects/${enc(projectId)}/workflow-templates`,
        { signal, query: { status: 'enabled', limit: 200 } },
      );
      return rows.filter((row) => row.publishedVersion !== null);
    },
    staleTime: 30_000,
  });
}

function useInvalidate(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: formKeys.all(projectId) });
}

export function useCreateFormGroup(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (body: FormGroupCreate) =>
      http.post<FormGroup>(`${SERVICE}/projects/${enc(projectId)}/form-template-groups`, body),
    onSuccess: invalidate,
  });
}

export function useRenameFormGroup(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      http.put<FormGroup>(`${SERVICE}/form-template-groups/${enc(id)}`, { name }),
    onSuccess: invalidate,
  });
}

export interface FormGroupCounts {
  subgroups: number;
  templates: number;
}
export type FormGroupDeletion = { deleted: true } | { deleted: false; counts: FormGroupCounts };

/**
 * DELETE a group: an empty one goes at once; one holding anything answers 409 with the counts, and goes
 * when `confirm` repeats the number of templates (changed in between: another 409 with the new counts).
 */
export function useDeleteFormGroup(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: async ({ id, confirm }: { id: string; confirm?: number }): Promise<FormGroupDeletion> => {
      try {
        await http.delete<unknown>(`${SERVICE}/form-template-groups/${enc(id)}`, { query: { confirm } });
        return { deleted: true };
      } catch (error) {
        const counts = formGroupCounts(error);
        if (counts) return { deleted: false, counts };
        throw error;
      }
    },
    onSuccess: (result) => (result.deleted ? invalidate() : undefined),
  });
}

function formGroupCounts(error: unknown): FormGroupCounts | undefined {
  if (!isHttpError(error) || error.status !== 409 || error.body.key !== 'forms.groupDeleteConfirm') return;
  const counts = (error.body as unknown as { counts?: FormGroupCounts }).counts;
  return counts && typeof counts.templates === 'number' ? counts : undefined;
}

export function useCreateFormTemplate(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (body: FormTemplateCreate) =>
      http.post<FormTemplate>(`${SERVICE}/projects/${enc(projectId)}/form-templates`, body),
    onSuccess: invalidate,
  });
}

export function useCopyFormTemplate(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (id: string) => http.post<FormTemplate>(`${SERVICE}/form-templates/${enc(id)}/copy`, {}),
    onSuccess: invalidate,
  });
}

export function useSetFormTemplateStatus(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: FormTemplateStatus }) =>
      http.put<FormTemplate>(`${SERVICE}/form-templates/${enc(id)}/status`, { status }),
    onSuccess: invalidate,
  });
}

export function useDeleteFormTemplate(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`${SERVICE}/form-templates/${enc(id)}`),
    onSuccess: invalidate,
  });
}

/** The settings of a template (everything but its fields), saved with the revision read. */
export interface FormTemplateSettings {
  revision: number;
  name: string;
  description: string;
  kind: FormTemplate['kind'];
  workflowTemplateId: string | null;
  settlers: string[];
  fieldAccess: FormTemplate['fieldAccess'];
}

export function useSaveFormTemplateSettings(projectId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormTemplateSettings) =>
      http.put<FormTemplate>(`${SERVICE}/form-templates/${enc(id)}`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(formKeys.template(projectId, id), saved);
      void queryClient.invalidateQueries({ queryKey: formTemplateKeys.lists(projectId) });
    },
  });
}

/** A workflow template with its published graph: the nodes a form template's field access names. */
export function useWorkflowForAccess(id: string | null) {
  return useQuery({
    queryKey: ['forms', 'workflowForAccess', id],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      http.get<WorkflowTemplate>(`workflow-service/workflow-templates/${enc(id!)}`, { signal }),
  });
}
