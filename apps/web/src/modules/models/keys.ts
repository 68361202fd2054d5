export const MODELS_SERVICE = 'model-service';
/** The module key the permission templates grant (contracts/models MODELS_MODULE_KEY). */
export const MODELS_RIGHTS_MODULE = 'modelViewer';

export type ModelRightKey = 'create' | 'delete' | 'view' | 'edit' | 'upload' | 'download' | 'export';
export type ModelSettingKind = 'model-tags' | 'viewport-tags' | 'selection-set-groups';

/** The module's one query-key factory: every mutation invalidates through it. */
export const modelKeys = {
  all: (projectId: string) => ['models', projectId] as const,
  lists: (projectId: string) => [...modelKeys.all(projectId), 'list'] as const,
  list: (projectId: string, filters: object) => [...modelKeys.lists(projectId), filters] as const,
  /** Everything about one model: its detail, versions, elements, tree, categories, compare. */
  model: (projectId: string, modelId: string) => [...modelKeys.all(projectId), 'model', modelId] as const,
  versions: (projectId: string, modelId: string) =>
    [...modelKeys.model(projectId, modelId), 'versions'] as const,
  elements: (projectId: string, modelId: string, query: object) =>
    [...modelKeys.model(projectId, modelId), 'elements', query] as const,
  element: (projectId: string, modelId: string, globalId: string, versionId?: string) =>
    [...modelKeys.model(projectId, modelId), 'element', globalId, versionId ?? 'current'] as const,
  tree: (projectId: string, modelId: string, versionId?: string) =>
    [...modelKeys.model(projectId, modelId), 'tree', versionId ?? 'current'] as const,
  categories: (projectId: string, modelId: string, versionId?: string) =>
    [...modelKeys.model(projectId, modelId), 'categories', versionId ?? 'current'] as const,
  compare: (projectId: string, modelId: string, from: string, to: string) =>
    [...modelKeys.model(projectId, modelId), 'compare', from, to] as const,
  right: (projectId: string, key: ModelRightKey) => [...modelKeys.all(projectId), 'right', key] as const,
  settings: (projectId: string, kind: ModelSettingKind) =>
    [...modelKeys.all(projectId), 'settings', kind] as const,
  attributeDisplay: (projectId: string) => [...modelKeys.all(projectId), 'attribute-display'] as const,
  viewports: (projectId: string) => [...modelKeys.all(projectId), 'viewports'] as const,
  viewportList: (projectId: string, query: object) => [...modelKeys.viewports(projectId), query] as const,
  viewport: (projectId: string, id: string) => [...modelKeys.viewports(projectId), 'one', id] as const,
  selectionSets: (projectId: string) => [...modelKeys.all(projectId), 'selection-sets'] as const,
  selectionSetList: (projectId: string, query: object) =>
    [...modelKeys.selectionSets(projectId), query] as const,
  selectionSet: (projectId: string, id: string) =>
    [...modelKeys.selectionSets(projectId), 'one', id] as const,
  shares: (projectId: string) => [...modelKeys.all(projectId), 'shares'] as const,
  elementShare: (projectId: string, modelId: string, globalId: string) =>
    [...modelKeys.shares(projectId), 'element', modelId, globalId] as const,
  elementTopics: (projectId: string, modelId: string, globalId: string) =>
    [...modelKeys.all(projectId), 'element-topics', modelId, globalId] as const,
  modelTopics: (projectId: string, modelIds: readonly string[]) =>
    [...modelKeys.all(projectId), 'model-topics', [...modelIds]] as const,
  /** The public share page: no project, no session. */
  sharePage: (token: string) => ['model-share', token] as const,
};
