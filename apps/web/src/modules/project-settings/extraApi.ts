import type { Domain, DomainCreate, DomainUpdate } from '@lintel/contracts/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { projectApiPath, projectSettingsKeys } from './api';

const enc = encodeURIComponent;

export const extraKeys = {
  domains: (projectId: string) => [...projectSettingsKeys.project(projectId), 'domains'] as const,
};

// ── disciplines ──

export function useDomains(projectId: string) {
  return useQuery({
    queryKey: extraKeys.domains(projectId),
    queryFn: ({ signal }) => http.get<Domain[]>(`${projectApiPath(projectId)}/domains`, { signal }),
  });
}

function useInvalidateDomains(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: extraKeys.domains(projectId) });
}

export function useCreateDomain(projectId: string) {
  const invalidate = useInvalidateDomains(projectId);
  return useMutation({
    mutationFn: (body: DomainCreate) => http.post<Domain>(`${projectApiPath(projectId)}/domains`, body),
    onSuccess: invalidate,
  });
}

export function useUpdateDomains(projectId: string) {
  const invalidate = useInvalidateDomains(projectId);
  return useMutation({
    mutationFn: async (changes: (DomainUpdate & { id: string })[]) => {
      for (const { id, ...body } of changes)
        await http.put<Domain>(`account-service/domains/${enc(id)}`, body);
    },
    onSettled: invalidate,
  });
}

export function useDeleteDomain(projectId: string) {
  const invalidate = useInvalidateDomains(projectId);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`account-service/domains/${enc(id)}`),
    onSuccess: invalidate,
  });
}
