import { LOGIN_ERROR, type User } from '@lintel/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorCode, errorMessage, type Translate } from '../../lib/errors';
import { http, isHttpError } from '../../lib/http';
import { setSessionUser, updateSessionUser } from '../account/api';

/** The platform a passport identity comes from (informative for the server: the ticket names it). */
export const PASSPORT_PLATFORM = 'passport';

export interface PassportLoginBody {
  platform: string;
  yzAccount: string;
  yzPassword: string;
  thirdpartyAccount: string;
  ticket?: string;
}

/** POST account-service/passport_login: binds the pending identity to a product account and signs in. */
export function passportLogin(body: PassportLoginBody): Promise<User> {
  return http.post<User>('account-service/passport_login', body);
}

/** POST account-service/oa/bind (spec 000 §3 OA binding payload: `appId` is always 'bim'). */
export function bindOaAccount(body: { oaName: string; bimName: string }): Promise<User> {
  return http.post<User>('account-service/oa/bind', { ...body, appId: 'bim' });
}

export function usePassportLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: passportLogin,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

export function useOaBind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindOaAccount,
    onSuccess: (user) => updateSessionUser(queryClient, user),
  });
}

const SIGN_IN_CODES: ReadonlySet<number> = new Set([
  LOGIN_ERROR.usernameNotFound,
  LOGIN_ERROR.passwordError,
  LOGIN_ERROR.locked,
]);

/**
 * A failed third-party binding (spec 000 §8): the sign-in answers (102 account not found, 104 password
 * error, 107 locked) in the server's words; 409 'already bound'; anything else 'information input error',
 * with the server's reason when it gave one (an expired ticket, for instance).
 */
export function thirdPartyBindError(error: unknown, t: Translate): string {
  const code = errorCode(error);
  if (code !== undefined && SIGN_IN_CODES.has(code)) return errorMessage(error, t);
  if (isHttpError(error) && error.status === 409) return t('bind:thirdParty.errors.alreadyBound');
  if (isHttpError(error) && error.fromServer && error.body.message) {
    return t('bind:thirdParty.errors.inputWithDetail', { detail: error.body.message });
  }
  return t('bind:thirdParty.errors.input');
}
