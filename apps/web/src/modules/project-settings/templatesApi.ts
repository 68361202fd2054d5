import type { Module, Template, TemplateCreate, TemplateUpdate } from '@lintel/contracts/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { projectApiPath, projectSettingsKeys } from './api';

const enc = encodeURIComponent;

export const templateKeys = {
  list: (projectId: string) => [...projectSettingsKeys.project(projectId), 'templates'] as const,
  modules: (projectId: string) => [...projectSettingsKeys.project(projectId), 'modules'] as const,
};

/** GET projects/{id}/templates: the project's permission templates, the default one first. */
export function useTemplates(projectId: string) {
  return useQuery({
    queryKey: templateKeys.list(projectId),
    queryFn: ({ signal }) => http.get<Template[]>(`${projectApiPath(projectId)}/templates`, { signal }),
  });
}

/** GET projects/{id}/modules?authorized=all: the modules of the project, with the permission types each offers. */
export function useProjectModulesForMatrix(projectId: string) {
  return useQuery({
    queryKey: templateKeys.modules(projectId),
    queryFn: ({ signal }) =>
      http.get<Module[]>(`${projectApiPath(projectId)}/modules`, { signal, query: { authorized: 'all' } }),
  });
}

function useInvalidateTemplates(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templateKeys.list(projectId) });
}

export function useCreateTemplate(projectId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTemplates(projectId);
  return useMutation({
    mutationFn: (body: TemplateCreate) => http.post<Template>(`${projectApiPath(projectId)}/templates`, body),
    onSuccess: (created) => {
      // In the list at once (the new one gets selected), then the server's list.
      queryClient.setQueryData<Template[]>(templateKeys.list(projectId), (list) => [
        ...(list ?? []),
        created,
      ]);
      return invalidate();
    },
  });
}

export function useUpdateTemplate(projectId: string) {
  const invalidate = useInvalidateTemplates(projectId);
  return useMutation({
    mutationFn: ({ id, ...body }: TemplateUpdate & { id: string }) =>
      http.put<Template>(`account-service/templates/${enc(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate(projectId: string) {
  const invalidate = useInvalidateTemplates(projectId);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`account-service/templates/${enc(id)}`),
    onSuccess: invalidate,
  });
}
