import { App } from 'antd';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext } from 'react-router';

/**
 * Unsaved changes of the section on screen. The app's router is declarative (no `useBlocker`), so leaving
 * is caught where every in-app navigation goes through: the router's navigator. While a form is dirty its
 * `push` / `replace` first ask (links, menus, the header), and closing or reloading the tab gets the
 * browser's own prompt. The browser's back button is not caught (a declarative router cannot hold it).
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

/** Marks the section dirty while `dirty` is true, and clean again when it unmounts. */
export function useDirtyFlag(dirty: boolean): void {
  const { setDirty } = useUnsavedChanges();
  useEffect(() => {
    setDirty(dirty);
  }, [dirty, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);
}

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const dirty = useRef(false);

  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const confirmLeave = useCallback((): Promise<boolean> => {
    if (!dirty.current) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('projectSettings:unsaved.title'),
        content: t('projectSettings:unsaved.content'),
        okText: t('projectSettings:unsaved.leave'),
        cancelText: t('projectSettings:unsaved.stay'),
        okButtonProps: { danger: true, ...({ 'data-testid': 'unsaved-leave' } as object) },
        cancelButtonProps: { ...({ 'data-testid': 'unsaved-stay' } as object) },
        onOk: () => {
          dirty.current = false;
          resolve(true);
        },
        onCancel: () => resolve(false),
      });
    });
  }, [modal, t]);

  useEffect(() => {
    const { push, replace } = navigator;
    const guard =
      <A extends unknown[]>(go: (...args: A) => void) =>
      (...args: A) => {
        if (!dirty.current) {
          go(...args);
          return;
        }
        void confirmLeave().then((leave) => {
          if (leave) go(...args);
        });
      };
    navigator.push = guard(push);
    navigator.replace = guard(replace);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [navigator, confirmLeave]);

  const value = useMemo(() => ({ setDirty, confirmLeave }), [setDirty, confirmLeave]);
  return <UnsavedChangesContext.Provider value={value}>{children}</UnsavedChangesContext.Provider>;
}
