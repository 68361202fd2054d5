// The viewer's URL parameters (web-common.md): `models=a,b`, `element=<modelId>:<globalId>`; the tools read
// `viewport`, `compare` and `selectionSet` themselves. Pure, so the page and its tests share it.
import { FEDERATION_MODELS_MAX, GLOBAL_ID_MAX_LENGTH } from '@lintel/contracts/models';

export interface ElementTarget {
  modelId: string;
  globalId: string;
}

/** A model id as the server makes them (no separators); anything else in the URL is ignored. */
const MODEL_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `element=<modelId>:<globalId>`; null when absent or malformed. GlobalIds may hold `$` and `_`, not `:`. */
export function parseElementParam(value: string | null): ElementTarget | null {
  if (!value) return null;
  const at = value.indexOf(':');
  if (at <= 0) return null;
  const modelId = value.slice(0, at);
  const globalId = value.slice(at + 1).trim();
  if (
    !MODEL_ID.test(modelId) ||
    !globalId ||
    globalId.length > GLOBAL_ID_MAX_LENGTH ||
    globalId.includes(':')
  )
    return null;
  return { modelId, globalId };
}

/**
 * The models to open, in URL order, without duplicates, at most FEDERATION_MODELS_MAX. The element's model
 * is added when the URL names an element of a model it does not list.
 */
export function parseModelsParam(search: URLSearchParams): string[] {
  const ids = (search.get('models') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => MODEL_ID.test(id));
  const element = parseElementParam(search.get('element'));
  if (element) ids.push(element.modelId);
  return [...new Set(ids)].slice(0, FEDERATION_MODELS_MAX);
}

/** The same search with another list of models (order kept); an element of a removed model is dropped. */
export function withModels(search: URLSearchParams, modelIds: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(search);
  if (modelIds.length > 0) next.set('models', modelIds.join(','));
  else next.delete('models');
  const element = parseElementParam(next.get('element'));
  if (element && !modelIds.includes(element.modelId)) next.delete('element');
  return next;
}

/**
 * The search with the selected element (one element selected) or without one: the address then reopens
 * the same selection (browser back from the topic form, a shared link).
 */
export function withElement(search: URLSearchParams, element: ElementTarget | null): URLSearchParams {
  const next = new URLSearchParams(search);
  if (element) next.set('element', `${element.modelId}:${element.globalId}`);
  else next.delete('element');
  return next;
}
