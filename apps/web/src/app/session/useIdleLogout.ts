import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router';
import { clearSession, logout } from '../../modules/account/api';
import { LOGIN_PATH } from '../routeTable';
import { ACTIVITY_EVENTS, createIdleTimer, idleTimeoutMs } from './idleTimer';
import { setLoginNotice } from './loginNotice';

/**
 * Idle auto-logout when the profile's `logoutTime` (minutes) is above 0 and someone is signed in: checked
 * every 10 s, reset by mouse movement and keys; then signs out, clears the state and opens /login with the
 * notice of spec 001 §8.
 */
export function useIdleLogout(logoutMinutes: number, signedIn: boolean): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const timeoutMs = idleTimeoutMs(logoutMinutes);
  // `navigate` changes with every location: read at the time, so a navigation does not restart the clock.
  const toLogin = useEffectEvent(() => void navigate(LOGIN_PATH, { replace: true }));

  useEffect(() => {
    if (!signedIn || timeoutMs <= 0) return;
    const timer = createIdleTimer({
      timeoutMs,
      onIdle: () => {
        void logout()
          .catch(() => undefined)
          .finally(() => {
            setLoginNotice('idleLogout');
            clearSession(queryClient);
            toLogin();
          });
      },
    });
    const onActivity = () => timer.activity();
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    timer.start();
    return () => {
      timer.stop();
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, [signedIn, timeoutMs, queryClient]);
}
