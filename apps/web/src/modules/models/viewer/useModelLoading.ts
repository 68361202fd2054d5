// Opening the URL's models in the engine: each model's metadata first (deleted, no permission, not ready,
// too large are refused with their reason), then its fragments with download and parse progress. Models
// leaving the list are unloaded. One model's failure never stops the others (federation).
import type { Model } from '@lintel/contracts/models';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isHttpError } from '../../../lib/http';
import { fetchModel } from '../api';
import type { ViewerEngine } from './engine/createViewer';
import { VIEWER_MAX_FRAGMENTS_BYTES } from './limits';
import { takeViewerPrefetch } from './prefetch';

export type ModelLoadErrorKind = 'deleted' | 'noPermission' | 'notReady' | 'failed' | 'tooLarge' | 'error';

export interface ModelLoadState {
  modelId: string;
  name: string | null;
  phase: 'meta' | 'download' | 'parse' | 'ready' | 'error';
  /** Bytes downloaded (download) or percent parsed (parse). */
  loaded: number;
  total: number | null;
  /** The fragments' size as the server announced it. */
  size: number | null;
  error: { kind: ModelLoadErrorKind; cause?: unknown; model?: Model } | null;
}

/** Which refusal an answer of GET models/{id} (or of the fragments) means. */
export function loadErrorKind(error: unknown): ModelLoadErrorKind {
  if (!isHttpError(error)) return 'error';
  if (error.status === 410) return 'deleted';
  // A model of another project, or of this project without the view right: the same answer for both.
  if (error.status === 403 || error.status === 404) return 'noPermission';
  if (error.status === 409) return 'notReady';
  return 'error';
}

/** Whether one more model of `size` bytes fits beside the ones already open or opening. */
export function fitsBudget(size: number, reserved: Iterable<number>, limit = VIEWER_MAX_FRAGMENTS_BYTES) {
  let used = 0;
  for (const bytes of reserved) used += bytes;
  return used + size <= limit;
}

const initialState = (modelId: string): ModelLoadState => ({
  modelId,
  name: null,
  phase: 'meta',
  loaded: 0,
  total: null,
  size: null,
  error: null,
});

export function useModelLoading(engine: ViewerEngine | null, modelIds: readonly string[]) {
  const [states, setStates] = useState<Record<string, ModelLoadState>>({});
  /** Fragments bytes per model being opened or open: the budget of VIEWER_MAX_FRAGMENTS_BYTES. */
  const reserved = useRef(new Map<string, number>());
  const started = useRef(new Set<string>());
  const [attempt, setAttempt] = useState(0);

  /** Bumped for each new engine: a load still running for a disposed engine no longer writes its state. */
  const generation = useRef(0);

  const open = useCallback(async (target: ViewerEngine, modelId: string) => {
    const mine = generation.current;
    const patch = (id: string, change: Partial<ModelLoadState>) => {
      if (generation.current !== mine) return;
      setStates((current) => ({ ...current, [id]: { ...(current[id] ?? initialState(id)), ...change } }));
    };
    patch(modelId, initialState(modelId));
    // Started with the route's code when this is the page's first open (prefetch.ts); else asked now.
    const early = takeViewerPrefetch(modelId);
    let model: Model;
    try {
      model = await (early?.meta ?? fetchModel(modelId));
    } catch (cause) {
      patch(modelId, { phase: 'error', error: { kind: loadErrorKind(cause), cause } });
      return;
    }
    if (generation.current !== mine) return;
    const version = model.currentVersion;
    patch(modelId, { name: model.name, size: version.fragmentsSize });
    if (version.status !== 'ready') {
      const kind = version.status === 'failed' ? 'failed' : 'notReady';
      patch(modelId, { phase: 'error', error: { kind, model } });
      return;
    }
    const size = version.fragmentsSize ?? 0;
    const others = [...reserved.current].filter(([id]) => id !== modelId).map(([, bytes]) => bytes);
    if (!fitsBudget(size, others)) {
      void early?.fragments(version._id).then((answer) => answer?.body?.cancel());
      patch(modelId, { phase: 'error', error: { kind: 'tooLarge', model } });
      return;
    }
    reserved.current.set(modelId, size);
    try {
      await target.loadModel(modelId, version._id, {
        model,
        fragments: early?.fragments(version._id),
        onProgress: (progress) =>
          patch(modelId, { phase: progress.phase, loaded: progress.loaded, total: progress.total }),
      });
      patch(modelId, { phase: 'ready', error: null });
    } catch (cause) {
      if (generation.current === mine) reserved.current.delete(modelId);
      if (cause instanceof DOMException && cause.name === 'AbortError') return;
      patch(modelId, { phase: 'error', error: { kind: loadErrorKind(cause), cause, model } });
    }
  }, []);

  // A new engine (the page mounted again) starts from nothing; declared first so
  // it runs before the loading effect of the same render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new engine is the trigger; it is not read.
  useEffect(() => {
    generation.current++;
    started.current = new Set();
    reserved.current = new Map();
    setStates({});
  }, [engine]);

  const key = modelIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for modelIds; `attempt` re-runs retries.
  useEffect(() => {
    if (!engine) return;
    const wanted = new Set(modelIds);
    for (const modelId of [...started.current]) {
      if (wanted.has(modelId)) continue;
      started.current.delete(modelId);
      reserved.current.delete(modelId);
      void engine.unloadModel(modelId);
      setStates((current) => {
        const { [modelId]: _gone, ...rest } = current;
        return rest;
      });
    }
    for (const modelId of modelIds) {
      if (started.current.has(modelId)) continue;
      started.current.add(modelId);
      void open(engine, modelId);
    }
  }, [engine, key, attempt, open]);

  const retry = useCallback((modelId: string) => {
    started.current.delete(modelId);
    reserved.current.delete(modelId);
    setAttempt((value) => value + 1);
  }, []);

  const list = modelIds.map((modelId) => states[modelId] ?? initialState(modelId));
  const settled = list.every((state) => state.phase === 'ready' || state.phase === 'error');
  return { states: list, settled, retry };
}
