import type { Enterprise } from '@lintel/contracts/org';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** The list call's paging (DESIGN.md §4, spec 000 §9): skip = (page − 1) × pageSize, limit = pageSize. */
export function pageQuery(page: number, pageSize: number): { skip: number; limit: number } {
  return { skip: (Math.max(1, page) - 1) * pageSize, limit: pageSize };
}

/** A keyword over the user's name, nickName and phone: `$or` of `$regex` (a literal substring match). */
export function userWhere(keyword: string): string | undefined {
  const value = keyword.trim().slice(0, 64);
  if (!value) return undefined;
  return JSON.stringify({
    $or: [{ name: { $regex: value } }, { nickName: { $regex: value } }, { phoneNumber: { $regex: value } }],
  });
}

const adminKeys = {
  all: ['system', 'admin'] as const,
  enterprises: (page: number, pageSize: number) => [...adminKeys.all, 'enterprises', page, pageSize] as const,
};

/** GET admin/enterprises?isTrial=false: the paying enterprises, paged, with the total. */
export function useAdminEnterprises(page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.enterprises(page, pageSize),
    queryFn: async () => {
      const [rows, total] = await Promise.all([
        http.get<Enterprise[]>('account-service/admin/enterprises', {
          query: { ...pageQuery(page, pageSize), isTrial: false },
        }),
        http.get<{ count: number }>('account-service/admin/enterprises', {
          query: { only_count: true, isTrial: false },
        }),
      ]);
      return { rows, total: total.count };
    },
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}
