import { useSyncExternalStore } from 'react';

/**
 * A notice the login page shows after the app signed the user out by itself (spec 001 §8). Kept outside the
 * router state so it survives whichever redirect reaches /login first; cleared when dismissed or on sign-in.
 */
export type LoginNotice = 'idleLogout';

let current: LoginNotice | null = null;
const listeners = new Set<() => void>();

export function setLoginNotice(notice: LoginNotice | null): void {
  current = notice;
  for (const listener of listeners) listener();
}

export function getLoginNotice(): LoginNotice | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginNotice(): LoginNotice | null {
  return useSyncExternalStore(subscribe, getLoginNotice, getLoginNotice);
}
