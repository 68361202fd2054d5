import type { CompareResult } from '@lintel/contracts/models';
import { useEffect, useRef, useState } from 'react';
import { useCompare } from '../../../api';
import type { ViewerContext } from '../../engine/types';
import { whenPageModelsLoaded } from '../pageModels';
import { type CompareTarget, formatCompareParam, parseCompareParam } from '../urlParams';
import { CompareSession } from './compareSession';

export type CompareStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CompareState {
  status: CompareStatus;
  result: CompareResult | undefined;
  error: unknown;
  retry: () => void;
}

/** Runs a compare while `target` is set: fetches the differences, loads both versions, paints them. */
export function useCompareSession(
  viewer: ViewerContext,
  target: CompareTarget | null,
  search: URLSearchParams,
): CompareState {
  const query = useCompare(
    viewer.projectId,
    target?.modelId ?? '',
    target?.fromVersionId ?? '',
    target?.toVersionId ?? '',
  );
  const [painted, setPainted] = useState<{ key: string; error: unknown } | null>(null);
  const key = target ? formatCompareParam(target) : '';
  const result = query.data;
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    // The target is parsed again from its key: the caller re-creates the object on every render.
    const current = parseCompareParam(key);
    if (!current || !result) return;
    let cancelled = false;
    let session: CompareSession | null = null;
    // After the page opened its own models: the session notes which copies were open to put them back.
    whenPageModelsLoaded(viewer, searchRef.current)
      .then(() => {
        if (cancelled) return;
        session = new CompareSession(viewer, current);
        return session.start(result);
      })
      .then(() => !cancelled && setPainted({ key, error: null }))
      .catch((error: unknown) => !cancelled && setPainted({ key, error }));
    return () => {
      cancelled = true;
      setPainted(null);
      void session?.end();
    };
  }, [viewer, key, result]);

  if (!target) return { status: 'idle', result: undefined, error: null, retry: () => undefined };
  const error = query.error ?? (painted?.key === key ? painted.error : null);
  const status: CompareStatus = error ? 'error' : painted?.key === key && result ? 'ready' : 'loading';
  return {
    status,
    result,
    error,
    retry: () => {
      setPainted(null);
      void query.refetch();
    },
  };
}
