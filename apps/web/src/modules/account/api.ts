import type { LoginBody, Reauth, User } from '@lintel/contracts/account';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, isHttpError } from '../../lib/http';
import { systemKeys } from '../system/api';
import { clearFlowState } from './flowState';

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

/**
 * POST account-service/login (account and password). The SMS variants (`?code=true`, `?double=true`), the
 * SMS codes, registration and the password reset are in flowApi.ts: only their screens load them.
 */
export function login(body: LoginBody): Promise<User> {
  return http.post<User>('account-service/login', body);
}

/** A phone as the SMS and phone calls take it. */
export interface PhoneFields {
  phoneNumber: string;
  countryCode: string;
}

/** PUT account-service/users/{id}/password?verify=true: the signed-in user, with the old password (104). */
export function changePassword(
  userId: string,
  body: { password: string; oldPassword: string },
): Promise<User> {
  return http.put<User>(`account-service/users/${encodeURIComponent(userId)}/password`, body, {
    query: { verify: true },
  });
}

/**
 * PUT account-service/users/{id}/phoneNumber: binds a phone with a code of type bind (106 when wrong) and
 * the proof that it is the account's owner (current password or a code to the current phone; issue 14).
 */
export function bindPhone(userId: string, body: PhoneFields & Reauth & { code: string }): Promise<User> {
  return http.put<User>(`account-service/users/${encodeURIComponent(userId)}/phoneNumber`, body);
}

/**
 * POST account-service/logout. The specification's GET form still works from our own pages, but a GET
 * that changes state can be triggered by another site, so the server refuses it from there (issue 14).
 */
export function logout(): Promise<unknown> {
  return http.post<unknown>('account-service/logout', {});
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
 * profile, which belongs to the site and not to the user, and the registration / reset flow state.
 */
export function clearSession(queryClient: QueryClient): void {
  clearUserState(queryClient);
  clearFlowState();
  queryClient.setQueryData(accountKeys.session(), null);
}

/** Every cached answer of the previous user; the site's profile stays. */
function clearUserState(queryClient: QueryClient): void {
  const session = accountKeys.session();
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] !== systemKeys.all[0] &&
      !(query.queryKey[0] === session[0] && query.queryKey[1] === session[1]),
  });
}

/**
 * Starts a session: the previous user's state goes, the new user is cached. The flow state stays: a
 * registration or a reset signs the user in half-way and its next screen still needs it.
 */
export function setSessionUser(queryClient: QueryClient, user: User): void {
  clearUserState(queryClient);
  queryClient.setQueryData(accountKeys.session(), user);
}

/** The same user, changed (phone bound, profile saved): the session's copy follows, nothing else goes. */
export function updateSessionUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(accountKeys.session(), user);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

/** The signed-in user changes their password with the old one. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: { userId: string; password: string; oldPassword: string }) =>
      changePassword(userId, body),
    onSuccess: (user) => updateSessionUser(queryClient, user),
  });
}

/** Binds a phone to the signed-in user; the session's user gets the number. */
export function useBindPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: PhoneFields & Reauth & { userId: string; code: string }) =>
      bindPhone(userId, body),
    onSuccess: (user) => updateSessionUser(queryClient, user),
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
