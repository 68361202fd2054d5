import type { Clause, ClauseKind, ClauseUpdate } from '@lintel/contracts/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

const PATH = 'account-service/system/profile/clauses';
export const clauseKeys = { all: ['system', 'clauses', 'texts'] as const };

/** Both texts in force, with their versions (GET system/profile/clauses). */
export function useClauses() {
  return useQuery({
    queryKey: clauseKeys.all,
    queryFn: ({ signal }) => http.get<Clause[]>(PATH, { signal }),
  });
}

/** A replaced text: a new version when it changed (409 when someone saved another version meanwhile). */
export function useSaveClause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: ClauseUpdate & { kind: ClauseKind }) =>
      http.put<Clause>(`${PATH}/${encodeURIComponent(kind)}`, body),
    // The register page's versions and this list both follow.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['system', 'clauses'] }),
  });
}
