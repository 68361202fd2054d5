import { useEffect, useRef } from 'react';

/** What the preview's keys do; a viewer passes the actions it has. */
export interface PreviewKeyActions {
  zoomIn?: () => void;
  zoomOut?: () => void;
  fit?: () => void;
  previous?: () => void;
  next?: () => void;
  close?: () => void;
}

/** Keys typed into a field (the page number, a form beside the preview) are the field's own. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function actionFor(event: KeyboardEvent, actions: PreviewKeyActions): (() => void) | undefined {
  switch (event.key) {
    case '+':
    case '=':
      return actions.zoomIn;
    case '-':
    case '_':
      return actions.zoomOut;
    case '0':
      return actions.fit;
    case 'ArrowLeft':
      return actions.previous;
    case 'ArrowRight':
      return actions.next;
    case 'Escape':
      return actions.close;
    default:
      return undefined;
  }
}

/**
 * The preview's keyboard: + / - zoom, 0 fits, ← / → turn pages, Esc closes (when the preview is embedded
 * in a dialog). On the whole window, so that they work wherever the focus is, except in a text field and
 * with Ctrl, Alt or ⌘ held (Ctrl + / - is the browser's own zoom).
 */
export function usePreviewKeys(actions: PreviewKeyActions): void {
  // The latest actions, without re-adding the listener on every render.
  const current = useRef(actions);
  current.current = actions;

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key !== 'Escape' && isTyping(event.target)) return;
      const action = actionFor(event, current.current);
      if (!action) return;
      event.preventDefault();
      action();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
