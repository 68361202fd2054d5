import type { MemberView } from '@lintel/contracts/org';
import type {
  Domain,
  DomainCreate,
  DomainUpdate,
  Edit4dAuthorize,
  Edit4dStatus,
} from '@lintel/contracts/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { projectApiPath, projectSettingsKeys } from './api';
import { memberKeys } from './membersApi';

const enc = encodeURIComponent;

export const extraKeys = {
  domains: (projectId: string) => [...projectSettingsKeys.project(projectId), 'domains'] as const,
  edit4d: (projectId: string) => [...projectSettingsKeys.project(projectId), 'edit4d'] as const,
  editors: (projectId: string, edit4D: boolean) => [...memberKeys.all(projectId), 'edit4D', edit4D] as const,
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

// ── 4D editing authorisation ──

export function useEdit4dStatus(projectId: string) {
  return useQuery({
    queryKey: extraKeys.edit4d(projectId),
    queryFn: ({ signal }) => http.get<Edit4dStatus>(`${projectApiPath(projectId)}/edit4d`, { signal }),
  });
}

/** The project's members with (true) or without (false) the 4D editing right, users expanded. */
export function useEditors(projectId: string, edit4D: boolean) {
  return useQuery({
    queryKey: extraKeys.editors(projectId, edit4D),
    queryFn: ({ signal }) =>
      http.get<MemberView[]>(`${projectApiPath(projectId)}/members`, {
        signal,
        query: { edit4D, expand: true, limit: 200 },
      }),
  });
}

export function useAuthorize4d(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Edit4dAuthorize) =>
      http.put<Edit4dStatus>(`${projectApiPath(projectId)}/edit4d`, body),
    onSuccess: (status) => queryClient.setQueryData(extraKeys.edit4d(projectId), status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all(projectId) }),
  });
}
