import type { AdminUser, AdminUserAction, AdminUserDetail } from '@lintel/contracts/system';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { pageQuery, userWhere } from './adminApi';

export const usersKeys = {
  all: ['system', 'users'] as const,
  list: (keyword: string, page: number, pageSize: number) =>
    [...usersKeys.all, 'list', keyword, page, pageSize] as const,
  detail: (id: string) => [...usersKeys.all, 'detail', id] as const,
};

/** GET admin/users with each user's state: one page and the total (`only_count`) for the same filter. */
export function useUsersPage(keyword: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: usersKeys.list(keyword, page, pageSize),
    queryFn: async ({ signal }) => {
      const where = userWhere(keyword);
      const [rows, total] = await Promise.all([
        http.get<AdminUser[]>('account-service/admin/users', {
          signal,
          query: { ...pageQuery(page, pageSize), where },
        }),
        http.get<{ count: number }>('account-service/admin/users', {
          signal,
          query: { only_count: true, where },
        }),
      ]);
      return { rows, total: total.count };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET admin/users/{id}: the user and the enterprises, branches and projects they belong to. */
export function useUserDetail(id: string | null) {
  return useQuery({
    queryKey: usersKeys.detail(id ?? ''),
    queryFn: ({ signal }) => http.get<AdminUserDetail>(`account-service/admin/users/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

/**
 * POST admin/users/{id}/{action} with the version the administrator saw. Settled either way, the lists
 * and the detail are read again: after a 409 they show what changed meanwhile.
 */
export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ user, action }: { user: AdminUser; action: AdminUserAction }) =>
      http.post<AdminUser>(`account-service/admin/users/${user._id}/${action}`, {
        updatedAt: user.updatedAt,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
