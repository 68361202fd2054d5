import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../lib/http';

/** The two documents of the base-service clauses path (spec 000 §2), opened in a new window. */
export const CLAUSES = ['privacy', 'agreement'] as const;
export type Clause = (typeof CLAUSES)[number];

export function clauseUrl(clause: Clause): string {
  return apiUrl(`base-service/clauses/${clause}`);
}

/**
 * Which clause documents the server actually serves. DECISION: the links go to
 * `/api/v1/base-service/clauses/{privacy|agreement}` and are shown only for a document that answers (a
 * HEAD request, once per page load); today's server has no such route, so with the privacy notice on the
 * links stay hidden rather than lead to an error page. They appear by themselves once the server serves them.
 */
export async function fetchServedClauses(): Promise<Clause[]> {
  const served = await Promise.all(
    CLAUSES.map(async (clause) => {
      try {
        const response = await fetch(clauseUrl(clause), { method: 'HEAD', credentials: 'include' });
        return response.ok ? clause : null;
      } catch {
        return null;
      }
    }),
  );
  return served.filter((clause): clause is Clause => clause !== null);
}

export function useServedClauses(enabled: boolean) {
  return useQuery({
    queryKey: ['system', 'clauses'],
    queryFn: fetchServedClauses,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
