import { useCallback, useEffect, useState } from 'react';

/**
 * The viewer's full-screen mode: the page asks the browser for full screen (the whole document, so antd's
 * popups, portalled to the body, still show) and the viewer fills the window (CSS). Where the browser
 * refuses or has no Fullscreen API (iOS Safari on a phone, an iframe), filling the window is the mode.
 * Leaving: the button, Esc (the browser's own in real full screen, the page's in the fallback), or leaving
 * the page.
 */
export function useFullscreen() {
  const [on, setOn] = useState(false);

  useEffect(() => {
    // The browser left full screen (its Esc, F11): the viewer stops filling the window too.
    const onChange = () => {
      if (!document.fullscreenElement) setOn(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);

  const enter = useCallback(() => {
    setOn(true);
    const root = document.documentElement;
    if (!document.fullscreenElement && typeof root.requestFullscreen === 'function')
      void root.requestFullscreen().catch(() => undefined);
  }, []);

  const leave = useCallback(() => {
    setOn(false);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }, []);

  return { on, enter, leave, toggle: on ? leave : enter };
}
