import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Zoom of the image and PDF viewers: steps of ×1.25 between 25 % and 500 %. The lower limit is lowered to
 * the fitting scale when a page or an image is so large that even 25 % does not fit: "fit" can always be
 * reached by zooming out. Past a limit the viewer says so (spec 001 §9 "cannot zoom out further").
 */
export const MIN_SCALE = 0.25;
export const MAX_SCALE = 5;
export const ZOOM_STEP = 1.25;
/** How long the limit notice stays. */
export const LIMIT_NOTICE_MS = 2500;

/** Rounding slack, so that 0.25 reached by divisions counts as the limit. */
const EPSILON = 1e-3;

export function lowerLimit(fitScale: number): number {
  return Math.min(MIN_SCALE, fitScale);
}

/** The next scale in, or null at the upper limit. */
export function stepIn(scale: number): number | null {
  if (scale >= MAX_SCALE - EPSILON) return null;
  return Math.min(MAX_SCALE, scale * ZOOM_STEP);
}

/** The next scale out, or null at the lower limit. */
export function stepOut(scale: number, fitScale: number): number | null {
  const limit = lowerLimit(fitScale);
  if (scale <= limit + EPSILON) return null;
  return Math.max(limit, scale / ZOOM_STEP);
}

export type ZoomLimit = 'in' | 'out';

export interface Zoom {
  /** The scale in effect: the fitting one until the user zooms. */
  scale: number;
  fitted: boolean;
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
  /** Set for LIMIT_NOTICE_MS after a zoom past a limit. */
  limit: ZoomLimit | null;
}

/** The zoom state of a viewer whose fitting scale is `fitScale` (it changes with the window). */
export function useZoom(fitScale: number): Zoom {
  const [manual, setManual] = useState<number | null>(null);
  const [limit, setLimit] = useState<ZoomLimit | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const scale = manual ?? fitScale;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const notify = useCallback((which: ZoomLimit) => {
    setLimit(which);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setLimit(null), LIMIT_NOTICE_MS);
  }, []);

  const zoomIn = useCallback(() => {
    const next = stepIn(scale);
    if (next === null) notify('in');
    else setManual(next);
  }, [scale, notify]);

  const zoomOut = useCallback(() => {
    const next = stepOut(scale, fitScale);
    if (next === null) notify('out');
    else setManual(next);
  }, [scale, fitScale, notify]);

  const fit = useCallback(() => setManual(null), []);

  return { scale, fitted: manual === null, zoomIn, zoomOut, fit, limit };
}
