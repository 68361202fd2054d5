// The viewer's keys: F zoom to the selection (or fit all), Home the home view, H hide the selection, I isolate
// it, Esc clear it (or leave full screen), Shift+H show all.
import { useEffect } from 'react';

export type ViewerCommand = 'fit' | 'home' | 'hide' | 'isolate' | 'clearSelection' | 'showAll';

/** Typing in a field, or a key a tool already used (it calls preventDefault), is not a command. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function viewerCommandOf(
  event: Pick<
    KeyboardEvent,
    'key' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey' | 'target' | 'defaultPrevented'
  >,
): ViewerCommand | null {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || typing(event.target))
    return null;
  const key = event.key.toLowerCase();
  if (key === 'escape') return 'clearSelection';
  if (key === 'h') return event.shiftKey ? 'showAll' : 'hide';
  if (event.shiftKey) return null;
  if (key === 'f') return 'fit';
  if (key === 'i') return 'isolate';
  if (key === 'home') return 'home';
  return null;
}

/** Listens on the window while the viewer is open (a modal over it keeps its own keys: see `typing`). */
export function useViewerKeys(enabled: boolean, run: (command: ViewerCommand) => void) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      // A dialog, drawer or popover over the viewer owns the keyboard while focus is in it.
      if (event.target instanceof Element && event.target.closest('.ant-modal, .ant-drawer, .ant-popover'))
        return;
      const command = viewerCommandOf(event);
      if (!command) return;
      event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, run]);
}
