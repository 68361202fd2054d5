import { useSyncExternalStore } from 'react';

/**
 * The widest window that gets the phone workspace (a drawer for the project menu, a bottom bar): below a
 * tablet's 768 px. Tablets and desktops keep the side menu. workbench.css uses the same figure; every phone layout (list cards, sheets, the viewer) reads this hook.
 */
export const PHONE_MAX_WIDTH = 767;

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The window is phone-sized (≤ PHONE_MAX_WIDTH); follows resizing and turning the phone. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth <= PHONE_MAX_WIDTH,
    () => false,
  );
}
