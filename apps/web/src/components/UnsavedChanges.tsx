import './project/locales';
import { App } from 'antd';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext, useLocation } from 'react-router';

/**
 * Unsaved changes of the form on screen. The app's router is declarative (`BrowserRouter`: no `useBlocker`),
 * so leaving is caught where navigation goes through:
 * - the router's navigator: while a form is dirty its `push` / `replace` / `go` first ask (links, menus, the
 *   header, in-app back buttons);
 * - the browser's back and forward buttons: the history entry has already changed when `popstate` arrives,
 *   so the guard hides that event from the router (a capturing listener on window runs before the router's),
 *   steps back to the form's entry and asks; leaving replays the step;
 * - closing or reloading the tab: the browser's own prompt.
 */
interface UnsavedChanges {
  setDirty: (dirty: boolean) => void;
  /** Resolves true when there is nothing to lose or the user agrees to leave. */
  confirmLeave: () => Promise<boolean>;
}

const UnsavedChangesContext = createContext<UnsavedChanges>({
  setDirty: () => undefined,
  confirmLeave: () => Promise.resolve(true),
});

export function useUnsavedChanges(): UnsavedChanges {
  return useContext(UnsavedChangesContext);
}

/** Marks the form dirty while `dirty` is true, and clean again when it unmounts. */
export function useDirtyFlag(dirty: boolean): void {
  const { setDirty } = useUnsavedChanges();
  useEffect(() => {
    setDirty(dirty);
  }, [dirty, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);
}

/** The position of the current entry in the browser's history, as the router records it there. */
function historyIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const dirty = useRef(false);
  const asking = useRef<Promise<boolean> | null>(null);
  // The form's own history entry: where a held back/forward step returns to.
  const entryIndex = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read on every move to a new entry.
  useEffect(() => {
    entryIndex.current = historyIndex(window.history.state);
  }, [location.key]);

  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const confirmLeave = useCallback((): Promise<boolean> => {
    if (!dirty.current) return Promise.resolve(true);
    // One question, however many ways of leaving were tried at once.
    asking.current ??= new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('projectCommon:unsaved.title'),
        content: t('projectCommon:unsaved.content'),
        okText: t('projectCommon:unsaved.leave'),
        cancelText: t('projectCommon:unsaved.stay'),
        okButtonProps: { danger: true, ...({ 'data-testid': 'unsaved-leave' } as object) },
        cancelButtonProps: { ...({ 'data-testid': 'unsaved-stay' } as object) },
        onOk: () => {
          dirty.current = false;
          resolve(true);
        },
        onCancel: () => resolve(false),
      });
    }).finally(() => {
      asking.current = null;
    });
    return asking.current;
  }, [modal, t]);

  useEffect(() => {
    const { push, replace, go } = navigator;
    const guard =
      <A extends unknown[]>(move: (...args: A) => void) =>
      (...args: A) => {
        if (!dirty.current) {
          move(...args);
          return;
        }
        void confirmLeave().then((leave) => {
          if (leave) move(...args);
        });
      };
    navigator.push = guard(push);
    navigator.replace = guard(replace);
    navigator.go = guard(go);

    let returning = false;
    const onPopState = (event: PopStateEvent) => {
      if (returning) {
        // Our own step back to the form's entry: the router never saw it leave.
        returning = false;
        event.stopImmediatePropagation();
        return;
      }
      const from = entryIndex.current;
      const to = historyIndex(event.state);
      if (!dirty.current || from === null || to === null || from === to) return;
      event.stopImmediatePropagation();
      returning = true;
      window.history.go(from - to);
      void confirmLeave().then((leave) => {
        if (leave) window.history.go(to - from);
      });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('popstate', onPopState, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      navigator.go = go;
      window.removeEventListener('popstate', onPopState, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [navigator, confirmLeave]);

  const value = useMemo(() => ({ setDirty, confirmLeave }), [setDirty, confirmLeave]);
  return <UnsavedChangesContext.Provider value={value}>{children}</UnsavedChangesContext.Provider>;
}
