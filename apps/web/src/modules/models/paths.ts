const enc = encodeURIComponent;

/** The model list is the module's index; the viewer, settings, selection sets and QR codes hang below it. */
export const modelsPath = (projectId: string) => `/projects/${enc(projectId)}/models`;
export const modelSettingsPath = (projectId: string) => `/projects/${enc(projectId)}/models/settings`;
export const selectionSetsPath = (projectId: string) => `/projects/${enc(projectId)}/models/selection-sets`;
export const modelQrCodesPath = (projectId: string) => `/projects/${enc(projectId)}/models/qrcodes`;
/** The public page of a shared element (what its QR code opens). */
export const elementSharePath = (token: string) => `/share/element/${enc(token)}`;

/** What the viewer opens (web-common.md: the URL the list, the sets, the topics and the QR pages link to). */
export interface ViewerTarget {
  /** The models to load together (federation), in this order. */
  models: readonly string[];
  viewport?: string;
  /** An element to select: its model and GlobalId. */
  element?: { modelId: string; globalId: string };
  /** Two versions of one model to compare. */
  compare?: { modelId: string; from: string; to: string };
  /** A selection set to select after loading. */
  selectionSet?: string;
}

/**
 * `/projects/:projectId/models/viewer?models=a,b&viewport=…&element=m:g&compare=m:from:to&selectionSet=…`.
 * Ids are hex and GlobalIds base64-like (`$` and `_` included), so the separators `,` and `:` are safe;
 * URLSearchParams encodes what needs it.
 */
export function modelViewerPath(projectId: string, target: ViewerTarget): string {
  const params = new URLSearchParams();
  params.set('models', target.models.join(','));
  if (target.viewport) params.set('viewport', target.viewport);
  if (target.element) params.set('element', `${target.element.modelId}:${target.element.globalId}`);
  if (target.compare)
    params.set('compare', `${target.compare.modelId}:${target.compare.from}:${target.compare.to}`);
  if (target.selectionSet) params.set('selectionSet', target.selectionSet);
  return `/projects/${enc(projectId)}/models/viewer?${params.toString()}`;
}
