import { NEXT_CURSOR_HEADER } from '@lintel/contracts';
import type { Project } from '@lintel/contracts/org';
import type { AuditAction, AuditEntryView } from '@lintel/contracts/system';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** The audit log's filter as the screen holds it (dates YYYY-MM-DD, UTC). */
export interface AuditFilter {
  actor: string;
  q: string;
  actions: AuditAction[];
  from: string | null;
  to: string | null;
  projectId: string | null;
}

export const emptyAuditFilter: AuditFilter = {
  actor: '',
  q: '',
  actions: [],
  from: null,
  to: null,
  projectId: null,
};

export const AUDIT_PAGE_SIZE = 50;

/** The query of GET audit-service/entries (and of its export) for a filter: empty parts left out. */
export function auditQuery(filter: AuditFilter): Record<string, string | undefined> {
  return {
    actor: filter.actor.trim() || undefined,
    q: filter.q.trim() || undefined,
    action: filter.actions.length > 0 ? filter.actions.join(',') : undefined,
    from: filter.from ?? undefined,
    to: filter.to ?? undefined,
    projectId: filter.projectId ?? undefined,
  };
}

export const auditKeys = {
  all: ['system', 'audit'] as const,
  entries: (filter: AuditFilter) => [...auditKeys.all, 'entries', filter] as const,
  projects: () => [...auditKeys.all, 'projects'] as const,
};

interface AuditPage {
  rows: AuditEntryView[];
  next: string | null;
}

/** Newest first, page after page by cursor ("load more"): never repeats or loses an entry. */
export function useAuditEntries(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: auditKeys.entries(filter),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<AuditPage> => {
      let next: string | null = null;
      const rows = await http.get<AuditEntryView[]>('audit-service/entries', {
        signal,
        query: { ...auditQuery(filter), limit: AUDIT_PAGE_SIZE, after: pageParam ?? undefined },
        onHeaders: (headers) => {
          next = headers.get(NEXT_CURSOR_HEADER);
        },
      });
      return { rows, next };
    },
    getNextPageParam: (last) => last.next,
    retry: false,
  });
}

/** Projects to filter by (a system administrator sees them all); the first 200 by name. */
export function useAuditProjects() {
  return useQuery({
    queryKey: auditKeys.projects(),
    queryFn: () => http.get<Project[]>('account-service/projects', { query: { limit: 200, order: 'name' } }),
    staleTime: 60_000,
    retry: false,
  });
}
