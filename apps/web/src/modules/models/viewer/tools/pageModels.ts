import type { ViewerContext } from '../engine/types';

/** How long a `viewport=` / `selectionSet=` / `compare=` link waits for the page's own models. */
export const PAGE_MODELS_WAIT_MS = 20_000;

/**
 * Resolves once every model the page's `models=` parameter names is open (the page loads them and frames
 * them first; a tool applying a view before that would see its camera overridden), or after the wait.
 */
export function whenPageModelsLoaded(viewer: ViewerContext, search: URLSearchParams): Promise<void> {
  const wanted = (search.get('models') ?? '').split(',').filter(Boolean);
  const done = () => wanted.every((id) => viewer.models().some((copy) => copy.modelId === id));
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = window.setTimeout(finish, PAGE_MODELS_WAIT_MS);
    const stop = viewer.onModelsChange(() => done() && finish());
    function finish() {
      window.clearTimeout(timer);
      stop();
      resolve();
    }
  });
}
