// What the viewer's first frame waits for, started as soon as the route's code is asked for (the route
// loader in ../routes.ts runs while the app still checks the session): for each model in the URL its
// metadata and then its fragments, and the engine's chunk (three, That Open). Without this they started
// only once the page had rendered, the workbench had loaded the project and the right was checked: three
// round trips and the whole page's rendering in a row (docs/decisions.md, issue 15).
//
// Nothing here decides anything: the server checks every request as usual, and the page adopts an answer
// (`takeViewerPrefetch`) only for the model it opens anyway; a refusal is adopted as the same refusal
// `fetchModel` would have met. This module is in the chunk of the project pages' loaders, so it stays
// small and imports nothing that chunk does not already have but the http client.
import type { Model } from '@lintel/contracts/models';
import { apiUrl, http } from '../../../lib/http';
import { MODELS_SERVICE } from '../keys';
import type { EngineCore } from './engine/createViewer';
import { VIEWER_MAX_FRAGMENTS_BYTES } from './limits';
import { parseModelsParam } from './viewerSearch';

let engineModule: Promise<typeof import('./engine/createViewer')> | null = null;

/** The engine's chunk (three and That Open's libraries), fetched once; a failed fetch is tried again. */
export function loadEngineModule() {
  engineModule ??= import('./engine/createViewer').catch((error: unknown) => {
    engineModule = null;
    throw error;
  });
  return engineModule;
}

/** An early start of one model: its metadata, and its fragments' answer once the metadata named a version. */
export interface ViewerPrefetch {
  meta: Promise<Model>;
  /** The fragments' answer (body not read yet) for this version, or null to download them as usual. */
  fragments(versionId: string): Promise<Response | null>;
}

interface Entry extends ViewerPrefetch {
  startedAt: number;
  abort: AbortController;
}

/** Answers older than this are not adopted (the model may have changed since): the page asks again. */
const FRESH_MS = 30_000;
const VIEWER_PATH = /^\/projects\/[^/]+\/models\/viewer\/?$/;
const entries = new Map<string, Entry>();
/** The engine's core with the models parsed early; null until the first one starts, or once the page took it. */
let core: EngineCore | null = null;
/** Set once the page created its engine: from then on nothing parses early (it would parse into nothing). */
let coreTaken = false;

function start(modelId: string): Entry {
  const abort = new AbortController();
  const meta = http.get<Model>(`${MODELS_SERVICE}/models/${encodeURIComponent(modelId)}`, {
    signal: abort.signal,
  });
  // Only a ready version that fits the viewer's budget is downloaded; anything else is the page's to say.
  const response = meta.then(
    (model) => {
      const version = model.currentVersion;
      if (version.status !== 'ready' || (version.fragmentsSize ?? 0) > VIEWER_MAX_FRAGMENTS_BYTES)
        return null;
      const url = apiUrl(`${MODELS_SERVICE}/models/${encodeURIComponent(modelId)}/fragments`, {
        versionId: version._id,
      });
      // Ahead of the page's own files in the browser's queue: this download is the longest chain.
      return fetch(url, { credentials: 'include', signal: abort.signal, priority: 'high' })
        .then((answer) => ({ versionId: version._id, answer: answer.ok ? answer : null }))
        .catch(() => null);
    },
    () => null,
  );
  // A metadata refusal is read by the page when it adopts the entry; until then it is not unhandled.
  meta.catch(() => undefined);
  // The answer's body is read once: by the early parse, or by the page's engine if it comes first.
  let claimed = false;
  // Parsed as soon as the engine's code and the bytes are in, in the worker, while the page still renders.
  void Promise.all([loadEngineModule(), response])
    .then(([engine, early]) => {
      if (claimed || coreTaken || !early?.answer) return;
      claimed = true;
      core ??= engine.createEngineCore();
      engine.parseEarly(core, modelId, early.versionId, early.answer);
    })
    .catch(() => undefined);
  return {
    startedAt: Date.now(),
    abort,
    meta,
    fragments: (versionId) => {
      if (claimed) return Promise.resolve(null);
      claimed = true;
      return response.then((early) => {
        if (early?.versionId === versionId && early.answer) return early.answer;
        early?.answer?.body?.cancel().catch(() => undefined);
        return null;
      });
    },
  };
}

/**
 * The core the early parses went into, for the page's engine (null: the engine makes its own). Asked once
 * per page: whatever is not parsed by then is downloaded by the engine itself.
 */
export function takeEngineCore(): EngineCore | null {
  coreTaken = true;
  const taken = core;
  core = null;
  return taken;
}

/**
 * Starts what the viewer at `location` will need (idempotent per model). Called by the route loader; does
 * nothing for another path.
 */
export function startViewerPrefetch(location: Pick<Location, 'pathname' | 'search'> = window.location) {
  if (!VIEWER_PATH.test(location.pathname)) return;
  for (const modelId of parseModelsParam(new URLSearchParams(location.search))) {
    if (!entries.has(modelId)) entries.set(modelId, start(modelId));
  }
}

/** The early start of this model, once: the caller owns it from here (null when there is none or it is old). */
export function takeViewerPrefetch(modelId: string): ViewerPrefetch | null {
  const entry = entries.get(modelId);
  if (!entry) return null;
  entries.delete(modelId);
  if (Date.now() - entry.startedAt > FRESH_MS) {
    entry.abort.abort();
    return null;
  }
  return entry;
}

/** Drops what no page adopted (the viewer closed, or the URL changed before it opened them). */
export function discardViewerPrefetch() {
  for (const entry of entries.values()) entry.abort.abort();
  entries.clear();
  coreTaken = true;
  // A core no page took (the viewer closed before its engine was made): its worker goes with it.
  core?.components.dispose();
  core = null;
}
