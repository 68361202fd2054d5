import type { User } from '@lintel/contracts/account';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router';
import { accountKeys, clearSession, fetchLoggedUser } from '../../modules/account/api';
import { LOGIN_PATH } from '../routeTable';
import { compareSessions } from './compareSessions';

/**
 * Re-checks the session each time the tab becomes visible (the first check is the session query at start).
 * A failed check or a different user sends the user to /login with the cached state cleared.
 */
export function useSessionWatch(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // `navigate` changes with every location: read at the time instead of re-subscribing on each navigation.
  const toLogin = useEffectEvent(() => void navigate(LOGIN_PATH, { replace: true }));

  useEffect(() => {
    let checking = false;
    const onVisibilityChange = async () => {
      if (document.visibilityState !== 'visible' || checking) return;
      checking = true;
      const before = queryClient.getQueryData<User | null>(accountKeys.session()) ?? null;
      let after: User | null;
      try {
        after = await fetchLoggedUser();
      } catch {
        after = null;
      } finally {
        checking = false;
      }
      const change = compareSessions(before, after);
      if (change === 'signedOut' || change === 'switched') {
        clearSession(queryClient);
        toLogin();
      } else if (after) {
        queryClient.setQueryData(accountKeys.session(), after);
      }
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [queryClient]);
}
