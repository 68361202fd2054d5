import type { FormField, FormTemplate } from '@lintel/contracts/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

const enc = encodeURIComponent;
const SERVICE = 'form-service';

export const formKeys = {
  all: (projectId: string) => ['forms', projectId] as const,
  template: (projectId: string, id: string) => [...formKeys.all(projectId), 'template', id] as const,
};

/** One form template with its fields (administrators edit it in the designer). */
export function useFormTemplate(projectId: string, id: string) {
  return useQuery({
    queryKey: formKeys.template(projectId, id),
    queryFn: ({ signal }) => http.get<FormTemplate>(`${SERVICE}/form-templates/${enc(id)}`, { signal }),
    enabled: id !== '',
    retry: false,
    // The designer holds the fields being edited: a refetch on focus must not replace them under the user.
    refetchOnWindowFocus: false,
  });
}

/** Saves a template's fields with the revision they were read at (a stale one: 409 with `current`). */
export function useSaveFormTemplateFields(projectId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { revision: number; fields: FormField[] }) =>
      http.put<FormTemplate>(`${SERVICE}/form-templates/${enc(id)}`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(formKeys.template(projectId, id), saved);
      void queryClient.invalidateQueries({ queryKey: formKeys.all(projectId) });
    },
  });
}
