import type { CountResult } from '@lintel/contracts';
import type {
  AdminEnterprise,
  AdminEnterpriseConflict,
  AdminEnterpriseCreate,
  AdminEnterpriseUpdate,
  EnterprisePlan,
} from '@lintel/contracts/enterprise-admin';
import type { Enterprise } from '@lintel/contracts/org';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, isHttpError } from '../../../lib/http';

const BASE = 'account-service/admin/enterprises';

/** all: every enterprise; paying: isTrial=false; trial: isTrial=true. */
export type EnterpriseKind = 'all' | 'paying' | 'trial';

export const enterpriseAdminKeys = {
  all: ['system', 'admin', 'enterprises'] as const,
  list: (
    keyword: string,
    kind: EnterpriseKind,
    plan: EnterprisePlan | 'all',
    page: number,
    pageSize: number,
  ) => [...enterpriseAdminKeys.all, 'list', keyword, kind, plan, page, pageSize] as const,
  detail: (id: string) => [...enterpriseAdminKeys.all, 'detail', id] as const,
};

/** A keyword over name and short name (`$or` of `$regex`, a literal substring match), and a plan. */
export function enterpriseWhere(keyword: string, plan: EnterprisePlan | 'all' = 'all'): string | undefined {
  const value = keyword.trim().slice(0, 64);
  const where: Record<string, unknown> = {};
  if (value) where.$or = [{ name: { $regex: value } }, { shortName: { $regex: value } }];
  if (plan !== 'all') where.paidPlan = plan;
  return Object.keys(where).length > 0 ? JSON.stringify(where) : undefined;
}

function kindQuery(kind: EnterpriseKind): { isTrial?: boolean } {
  return kind === 'all' ? {} : { isTrial: kind === 'trial' };
}

/** GET admin/enterprises: one page and the total (`only_count`) for the same filter. */
export function useEnterpriseList(
  keyword: string,
  kind: EnterpriseKind,
  plan: EnterprisePlan | 'all',
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: enterpriseAdminKeys.list(keyword, kind, plan, page, pageSize),
    queryFn: async () => {
      const where = enterpriseWhere(keyword, plan);
      const filter = { ...kindQuery(kind), where };
      const [rows, total] = await Promise.all([
        http.get<Enterprise[]>(BASE, {
          query: {
            skip: (Math.max(1, page) - 1) * pageSize,
            limit: pageSize,
            order: '-createdAt',
            ...filter,
          },
        }),
        http.get<CountResult>(BASE, { query: { only_count: true, ...filter } }),
      ]);
      return { rows, total: total.count };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useAdminEnterprise(id: string | null) {
  return useQuery({
    queryKey: enterpriseAdminKeys.detail(id ?? ''),
    queryFn: () => http.get<AdminEnterprise>(`${BASE}/${id}`),
    enabled: id !== null,
    retry: false,
  });
}

export function useCreateEnterprise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminEnterpriseCreate) => http.post<AdminEnterprise>(BASE, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseAdminKeys.all }),
  });
}

export function useUpdateEnterprise(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminEnterpriseUpdate) => http.put<AdminEnterprise>(`${BASE}/${id}`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(enterpriseAdminKeys.detail(id), saved);
      return queryClient.invalidateQueries({ queryKey: enterpriseAdminKeys.all });
    },
    onError: (error) => {
      const current = conflictCurrent(error);
      if (current) queryClient.setQueryData(enterpriseAdminKeys.detail(id), current);
    },
  });
}

/** The enterprise as it is now, when an edit was refused because someone else changed it (409). */
export function conflictCurrent(error: unknown): AdminEnterprise | null {
  if (!isHttpError(error) || error.status !== 409) return null;
  return (error.body as Partial<AdminEnterpriseConflict>).current ?? null;
}
