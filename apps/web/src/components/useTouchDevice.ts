import { useSyncExternalStore } from 'react';

/** A finger is one of the device's pointers (a phone, a tablet, a touch-screen laptop). */
const TOUCH_QUERY = '(any-pointer: coarse)';

function touchDevice(): boolean {
  if (typeof window === 'undefined') return false;
  return window.matchMedia?.(TOUCH_QUERY).matches === true || (navigator.maxTouchPoints ?? 0) > 0;
}

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(TOUCH_QUERY);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/**
 * The device can be touched: photo fields then offer the camera ("take photo") beside the album
 * (TakePhoto.tsx). Follows a tablet's keyboard being attached or taken away.
 */
export function useTouchDevice(): boolean {
  return useSyncExternalStore(subscribe, touchDevice, () => false);
}
