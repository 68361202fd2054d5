import { App } from 'antd';
import { useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext } from 'react-router';

/**
 * Asks before leaving a form with unsaved changes. The app's router is declarative (no `useBlocker`), so
 * leaving is caught where every in-app navigation goes through: the router's navigator (links, the menu,
 * buttons); closing or reloading the tab gets the browser's own prompt. The browser's back button is not
 * caught (a declarative router cannot hold it). Returns `release()`, called before navigating away on
 * purpose (after saving, or on cancel once the user agreed).
 */
export function useLeaveGuard(dirty: boolean): { release: () => void } {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const guarded = useRef(dirty);
  guarded.current = dirty;

  useEffect(() => {
    const { push, replace } = navigator;
    const ask = (go: () => void) => {
      if (!guarded.current) {
        go();
        return;
      }
      modal.confirm({
        title: t('topics:leave.title'),
        content: t('topics:leave.content'),
        okText: t('topics:leave.leave'),
        cancelText: t('topics:leave.stay'),
        okButtonProps: { danger: true, ...({ 'data-testid': 'topic-leave-ok' } as object) },
        cancelButtonProps: { ...({ 'data-testid': 'topic-leave-stay' } as object) },
        onOk: () => {
          guarded.current = false;
          go();
        },
      });
    };
    navigator.push = (...args: Parameters<typeof push>) => ask(() => push(...args));
    navigator.replace = (...args: Parameters<typeof replace>) => ask(() => replace(...args));
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarded.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [navigator, modal, t]);

  return {
    release: () => {
      guarded.current = false;
    },
  };
}
