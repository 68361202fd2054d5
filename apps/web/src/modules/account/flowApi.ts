import type {
  ExistsResult,
  PhoneCodeType,
  RegisterBody,
  SendCodeResult,
  User,
} from '@lintel/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { type PhoneFields, setSessionUser } from './api';

/*
 * The calls of the sign-in, registration and password-reset flows (spec 000 §7 account service): SMS-code
 * sign-in, SMS codes, registration and the reset. Apart from api.ts (the session, needed by every screen) so
 * that they load with the screens that use them, not with the first screen.
 */

/** POST account-service/login?code=true: phone + an SMS code of type login. */
export function loginWithCode(body: PhoneFields & { code: string }): Promise<User> {
  return http.post<User>('account-service/login', { ...body, rememberMe: false }, { query: { code: true } });
}

/** POST account-service/login?double=true: phone + password + an SMS code of type login. */
export function loginDouble(body: PhoneFields & { password: string; code: string }): Promise<User> {
  return http.post<User>(
    'account-service/login',
    { ...body, rememberMe: false },
    { query: { double: true } },
  );
}

/**
 * POST account-service/securities: sends a code of `type` to the phone (answers `{}`). Errors
 * (spec 000 §8): 501 send error, 502 invalid phone, 503 too frequent / limit, 404 phone not registered
 * (login, reset), 409 already registered (register) or bound (bind).
 */
export function sendSmsCode(body: PhoneFields & { type: PhoneCodeType }): Promise<SendCodeResult> {
  return http.post<SendCodeResult>('account-service/securities', body);
}

/**
 * POST account-service/securities?verify=true: checks a code (106 when wrong); a right reset code answers
 * the account's `{userId}` (the send never does: it would tell anyone whose phone it is).
 */
export function verifySmsCode(
  body: PhoneFields & { type: PhoneCodeType; code: string },
): Promise<SendCodeResult> {
  return http.post<SendCodeResult>('account-service/securities', body, { query: { verify: true } });
}

/** POST account-service/register?verify=true: is this username (or phone) taken? */
export function checkRegistered(body: { name: string } | PhoneFields): Promise<ExistsResult> {
  return http.post<ExistsResult>('account-service/register', body, { query: { verify: true } });
}

/** POST account-service/register: creates the account and signs it in (errors 101–106, spec 000 §8). */
export function register(
  body: Required<Omit<RegisterBody, 'consent'>> & Pick<RegisterBody, 'consent'>,
): Promise<User> {
  return http.post<User>('account-service/register', body);
}

/** PUT account-service/users/{id}/password?code=true: the forgot-password flow; signs the caller in. */
export function resetPassword(userId: string, body: { password: string; code: string }): Promise<User> {
  return http.put<User>(`account-service/users/${encodeURIComponent(userId)}/password`, body, {
    query: { code: true },
  });
}

/** SMS-code sign-in (`?code=true`). */
export function useCodeLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

/** Password + SMS-code sign-in (`?double=true`). */
export function useDoubleLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginDouble,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}

export function useVerifySmsCode() {
  return useMutation({ mutationFn: verifySmsCode });
}

/** Registration step 1: on success the new user is signed in. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

/** The reset of the forgot-password flow: on success the user is signed in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: { userId: string; password: string; code: string }) =>
      resetPassword(userId, body),
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
