import type { Structure, StructureCreate, StructureUpdate } from '@lintel/contracts/org';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { projectApiPath } from './api';
import { memberKeys } from './membersApi';

const enc = encodeURIComponent;

function useInvalidateStructures(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberKeys.structures(projectId) });
}

export function useCreateStructure(projectId: string) {
  const invalidate = useInvalidateStructures(projectId);
  return useMutation({
    mutationFn: (body: StructureCreate) =>
      http.post<Structure>(`${projectApiPath(projectId)}/structures`, body),
    onSuccess: invalidate,
  });
}

/** One or more structure changes in a row (a move also renumbers the siblings), then one refresh. */
export function useUpdateStructures(projectId: string) {
  const invalidate = useInvalidateStructures(projectId);
  return useMutation({
    mutationFn: async (changes: (StructureUpdate & { id: string })[]) => {
      for (const { id, ...body } of changes)
        await http.put<Structure>(`account-service/structures/${enc(id)}`, body);
    },
    onSettled: invalidate,
  });
}

export function useDeleteStructure(projectId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateStructures(projectId);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`account-service/structures/${enc(id)}`),
    onSuccess: async () => {
      await invalidate();
      // Members of a deleted department lose it.
      await queryClient.invalidateQueries({ queryKey: memberKeys.all(projectId) });
    },
  });
}
