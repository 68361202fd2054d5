import { useCallback, useState } from 'react';
import { loadSettings, saveSettings, type ViewerSettings } from './viewerSettings';

/** The viewer settings of this browser; every change is stored at once. */
export function useViewerSettings(): [ViewerSettings, (patch: Partial<ViewerSettings>) => void] {
  const [settings, setSettings] = useState<ViewerSettings>(() => loadSettings());
  const update = useCallback((patch: Partial<ViewerSettings>) => {
    setSettings((previous) => {
      const next = { ...previous, ...patch };
      saveSettings(next);
      return next;
    });
  }, []);
  return [settings, update];
}
