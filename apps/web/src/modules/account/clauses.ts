import type { Consent, Clause as ServedClause } from '@lintel/contracts/account';
import { useQuery } from '@tanstack/react-query';
import { apiUrl, http } from '../../lib/http';

/** The two documents of the base-service clauses path (spec 000 §2), opened in a new window. */
export const CLAUSES = ['privacy', 'agreement'] as const;
export type Clause = (typeof CLAUSES)[number];

export function clauseUrl(clause: Clause): string {
  return apiUrl(`base-service/clauses/${clause}`);
}

/**
 * Which clause documents the server actually serves. DECISION: the links go to
 * `/api/v1/base-service/clauses/{privacy|agreement}` and are shown only for a document that answers (a
 * HEAD request, once per page load), so that a server without them never leads to an error page. The server
 * serves both since issue 17 (the shipped texts, or an administrator's replacement).
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

/**
 * The versions of the texts in force (GET account-service/system/profile/clauses): what ticking the consent
 * box on /register accepts, and what POST register then sends.
 */
export function useClauseVersions(enabled: boolean) {
  return useQuery({
    queryKey: ['system', 'clauses', 'versions'],
    enabled,
    queryFn: async ({ signal }): Promise<Consent> => {
      const clauses = await http.get<ServedClause[]>('account-service/system/profile/clauses', { signal });
      const version = (kind: ServedClause['kind']) =>
        clauses.find((clause) => clause.kind === kind)?.version ?? 1;
      return { agreement: version('agreement'), privacy: version('privacy') };
    },
  });
}
