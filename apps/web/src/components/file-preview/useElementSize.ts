import { type RefObject, useEffect, useState } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/**
 * The content size of an element, kept current as the window or the layout changes (the viewers fit their
 * page or image into it). { 0, 0 } until measured, and where ResizeObserver does not exist (jsdom).
 */
export function useElementSize(ref: RefObject<HTMLElement | null>): ElementSize {
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      // Whole pixels: sub-pixel jitter would re-render the page for nothing.
      setSize((old) =>
        Math.round(width) === old.width && Math.round(height) === old.height
          ? old
          : { width: Math.round(width), height: Math.round(height) },
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);

  return size;
}
