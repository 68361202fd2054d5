import type { User } from '@lintel/contracts/account';
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
  users: (keyword: string, page: number, pageSize: number) =>
    [...adminKeys.all, 'users', keyword, page, pageSize] as const,
  enterprises: (page: number, pageSize: number) => [...adminKeys.all, 'enterprises', page, pageSize] as const,
};

/** GET admin/users: one page and the total (`only_count`) for the same filter. */
export function useAdminUsers(keyword: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: adminKeys.users(keyword, page, pageSize),
    queryFn: async () => {
      const where = userWhere(keyword);
      const [rows, total] = await Promise.all([
        http.get<User[]>('account-service/admin/users', { query: { ...pageQuery(page, pageSize), where } }),
        http.get<{ count: number }>('account-service/admin/users', { query: { only_count: true, where } }),
      ]);
      return { rows, total: total.count };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

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
