import type { LoginBody, User } from '@lintel/contracts/account';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, isHttpError } from '../../lib/http';
import { systemKeys } from '../system/api';

export const accountKeys = {
  all: ['account'] as const,
  session: () => [...accountKeys.all, 'session'] as const,
};

/** GET account-service/logged: the signed-in user, or null when there is no session (401). */
export async function fetchLoggedUser(): Promise<User | null> {
  try {
    return await http.get<User>('account-service/logged');
  } catch (error) {
    if (isHttpError(error) && error.status === 401) return null;
    throw error;
  }
}

/** POST account-service/login (account and password). The SMS variants add `?code=true` / `?double=true`. */
export function login(body: LoginBody): Promise<User> {
  return http.post<User>('account-service/login', body);
}

/** GET account-service/logout. */
export function logout(): Promise<unknown> {
  return http.get<unknown>('account-service/logout');
}

/** The session, checked once at start; the shell re-checks it whenever the tab becomes visible. */
export const sessionQuery = queryOptions({
  queryKey: accountKeys.session(),
  queryFn: fetchLoggedUser,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export function useSession() {
  return useQuery(sessionQuery);
}

export function useCurrentUser(): User | null {
  return useSession().data ?? null;
}

/**
 * Removing the user clears the whole client state (spec 000 §3): every cached answer except the system
 * profile, which belongs to the site and not to the user.
 */
export function clearSession(queryClient: QueryClient): void {
  const session = accountKeys.session();
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] !== systemKeys.all[0] &&
      !(query.queryKey[0] === session[0] && query.queryKey[1] === session[1]),
  });
  queryClient.setQueryData(session, null);
}

/** Starts a session: the previous user's state goes, the new user is cached. */
export function setSessionUser(queryClient: QueryClient, user: User): void {
  clearSession(queryClient);
  queryClient.setQueryData(accountKeys.session(), user);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

/** Ends the session. A failed call still forgets the user locally: the person asked to leave. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout().catch(() => undefined),
    onSettled: () => clearSession(queryClient),
  });
}
