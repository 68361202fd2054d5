import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

interface LazyOptions<P> {
  /**
   * Whether the component is needed yet, from its props (a dialog: that it is open). Until it first is, the
   * wrapper renders nothing and its code is not fetched; from then on it stays rendered as the page wrote
   * it, so a dialog keeps its closing animation and its state. Without it the code loads on first render.
   */
  when?: (props: P) => boolean;
  /** What shows while the code loads (nothing by default: a dialog simply opens a moment later). */
  fallback?: ReactNode;
}

/**
 * A component whose code loads on use rather than with the page (issue 15 §4: every route within its
 * JavaScript budget). Dialogs, drawers, statistics tabs and charts carry libraries (forms, date pickers,
 * echarts, the password list…) that a page's first screen does not need; importing them statically made
 * every route that shows such a button pay for them. The wrapper has its own Suspense boundary, so loading
 * never replaces the page around it with the route's spinner.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { when, fallback = null }: LazyOptions<P> = {},
): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  const Render = Loaded as unknown as ComponentType<P>;
  function Deferred(props: P) {
    const [wanted, setWanted] = useState(false);
    const needed = wanted || !when || when(props);
    // Remembered during render (React's pattern for state derived from props): once needed, always kept.
    if (needed && !wanted && when) setWanted(true);
    if (!needed) return null;
    return (
      <Suspense fallback={fallback}>
        <Render {...props} />
      </Suspense>
    );
  }
  return Deferred;
}
