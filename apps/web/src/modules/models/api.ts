// Every call of model-service (issue 8), typed with contracts/models. The list pages, the viewer and its
// tools all import from here; the viewer engineers append small functions at the end.
import type {
  AttributeDisplay,
  CategoryCount,
  CompareResult,
  ElementShare,
  ElementShareListItem,
  ElementSharePage,
  Model,
  ModelElement,
  ModelElementDetail,
  ModelTag,
  ModelTagType,
  ModelUpdate,
  ModelVersion,
  NamedSetting,
  SelectionSet,
  SelectionSetCreate,
  SpatialNode,
  Viewport,
  ViewportCreate,
} from '@lintel/contracts/models';
import { authAllows } from '@lintel/contracts/permissions';
import type { TopicSummary } from '@lintel/contracts/topics';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, getHttpConfig, HttpError, http, type QueryValue, readErrorBody } from '../../lib/http';
import { fetchListPage } from '../../lib/paging';
import { type ModelFilters, modelsWhere } from './filters';
import {
  MODELS_RIGHTS_MODULE,
  MODELS_SERVICE,
  type ModelRightKey,
  type ModelSettingKind,
  modelKeys,
} from './keys';

export { type ModelUploadHandle, type ModelUploadRequest, startModelUpload } from './uploader';
export { MODELS_RIGHTS_MODULE, MODELS_SERVICE, type ModelRightKey, type ModelSettingKind, modelKeys };

const enc = encodeURIComponent;
const S = MODELS_SERVICE;
const projectPath = (projectId: string) => `${S}/projects/${enc(projectId)}`;
const modelPath = (modelId: string) => `${S}/models/${enc(modelId)}`;

/** Query parameters of a version-scoped read: the current version unless one is named. */
const versionQuery = (versionId?: string) => (versionId ? { versionId } : {});

/** The server's largest page (contracts/common MAX_LIMIT). */
const PAGE = 200;
/** Pages read at most for a "whole list" (pickers, the selection-set tree): 5,000 rows. */
const MAX_PAGES = 25;

/** Every row of a list endpoint, read page by page. */
async function fetchAll<T>(
  path: string,
  query: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const rows = await http.get<T[]>(path, { signal, query: { ...query, skip: page * PAGE, limit: PAGE } });
    all.push(...rows);
    if (rows.length < PAGE) break;
  }
  return all;
}

// ── rights ───────────────────────────────────────────────────────────────────────────────────────────────

/** Whether the user holds a right of the modelViewer module in the project (GET projects/{id}/auth). */
export function useModelRight(projectId: string, key: ModelRightKey) {
  return useQuery({
    queryKey: modelKeys.right(projectId, key),
    queryFn: async ({ signal }) => {
      const answer = await http.get<{ value?: unknown }>(`account-service/projects/${enc(projectId)}/auth`, {
        signal,
        query: { key, moduleKey: MODELS_RIGHTS_MODULE },
      });
      return authAllows(key, answer?.value);
    },
    staleTime: 60_000,
  });
}

// ── models and versions ──────────────────────────────────────────────────────────────────────────────────

/** True while a version waits for or runs its conversion: the list and the versions poll then. */
export const isConverting = (version: Pick<ModelVersion, 'status'>) =>
  version.status === 'queued' || version.status === 'converting';

/** One page of the project's models (newest change first) with the total of the same filter. */
export function useModels(projectId: string, filters: ModelFilters, options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: modelKeys.list(projectId, filters),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      fetchListPage<Model>(
        `${projectPath(projectId)}/models`,
        { where: modelsWhere(filters) },
        filters,
        signal,
      ),
    // Poll only while some model of the page is queued or converting (its status and progress move).
    refetchInterval: (query) =>
      options.poll !== false && query.state.data?.rows.some((model) => isConverting(model.currentVersion))
        ? 2000
        : false,
  });
}

/** Every model of the project, by name: for pickers (viewer federation, settings, selection sets). */
export function useAllModels(projectId: string, enabled = true) {
  return useQuery({
    queryKey: [...modelKeys.lists(projectId), 'all'],
    enabled,
    queryFn: ({ signal }) => fetchAll<Model>(`${projectPath(projectId)}/models`, { order: 'name' }, signal),
    staleTime: 10_000,
  });
}

/** The project's model of exactly this name, if any: an upload of that name becomes its next version. */
export async function findModelByName(projectId: string, name: string, signal?: AbortSignal) {
  const rows = await http.get<Model[]>(`${projectPath(projectId)}/models`, {
    signal,
    query: { where: JSON.stringify({ name }), limit: 1 },
  });
  return rows.find((model) => model.name === name) ?? null;
}

/** One model by id (410 `models.deleted` once deleted). */
export function fetchModel(modelId: string, signal?: AbortSignal) {
  return http.get<Model>(modelPath(modelId), { signal });
}

export function useModel(projectId: string, modelId: string, options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: modelKeys.model(projectId, modelId),
    enabled: modelId !== '',
    queryFn: ({ signal }) => fetchModel(modelId, signal),
    // 404 / 410 will not change by asking again.
    retry: false,
    refetchInterval: (query) =>
      options.poll && query.state.data && isConverting(query.state.data.currentVersion) ? 2000 : false,
  });
}

/** A model's versions, newest first; polls while one of them converts. */
export function useModelVersions(projectId: string, modelId: string, enabled = true) {
  return useQuery({
    queryKey: modelKeys.versions(projectId, modelId),
    enabled: enabled && modelId !== '',
    queryFn: ({ signal }) => http.get<ModelVersion[]>(`${modelPath(modelId)}/versions`, { signal }),
    refetchInterval: (query) => (query.state.data?.some(isConverting) ? 2000 : false),
  });
}

function useInvalidateModels(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: modelKeys.all(projectId) });
}

/** Rename, remark, tags (409 `models.duplicateName` on a name another model has). */
export function useUpdateModel(projectId: string) {
  const invalidate = useInvalidateModels(projectId);
  return useMutation({
    mutationFn: ({ id, ...body }: ModelUpdate & { id: string }) => http.put<Model>(modelPath(id), body),
    onSuccess: invalidate,
  });
}

export function useDeleteModel(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(modelPath(id)),
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: modelKeys.model(projectId, id) });
      await queryClient.invalidateQueries({ queryKey: modelKeys.all(projectId) });
    },
  });
}

/** Deletes one version (409 `models.lastVersion` for the only one). */
export function useDeleteVersion(projectId: string) {
  const invalidate = useInvalidateModels(projectId);
  return useMutation({
    mutationFn: ({ modelId, versionId }: { modelId: string; versionId: string }) =>
      http.delete<unknown>(`${modelPath(modelId)}/versions/${enc(versionId)}`),
    onSuccess: invalidate,
  });
}

/** Stops a queued or converting version (it becomes failed `models.conversion.cancelled`). */
export function useCancelVersion(projectId: string) {
  const invalidate = useInvalidateModels(projectId);
  return useMutation({
    mutationFn: (versionId: string) => http.put<ModelVersion>(`${S}/versions/${enc(versionId)}/cancel`),
    onSuccess: invalidate,
  });
}

/** Queues a failed version again. */
export function useRetryVersion(projectId: string) {
  const invalidate = useInvalidateModels(projectId);
  return useMutation({
    mutationFn: (versionId: string) => http.put<ModelVersion>(`${S}/versions/${enc(versionId)}/retry`),
    onSuccess: invalidate,
  });
}

/** Invalidates everything of the project's models: after an upload finished (uploads are not mutations). */
export function useRefreshModels(projectId: string) {
  return useInvalidateModels(projectId);
}

/** The address of a version's converted fragments (.frag bytes; immutable per version, cached). */
export function fragmentsUrl(modelId: string, versionId: string): string {
  return apiUrl(`${modelPath(modelId)}/fragments`, { versionId });
}

/** The fragments bytes of a version (409 `models.notReady` until converted). */
export async function fetchFragments(modelId: string, versionId: string, signal?: AbortSignal) {
  const response = await fetch(fragmentsUrl(modelId, versionId), {
    credentials: 'include',
    headers: { 'Accept-Language': getHttpConfig().getLanguage() },
    signal,
  });
  if (!response.ok) {
    const body = readErrorBody(await response.json().catch(() => null));
    throw new HttpError(
      response.status,
      body ?? { code: response.status, key: `http.${response.status}`, message: '' },
      body !== null,
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** The path (below /api/v1/) of a version's uploaded IFC, for `lib/download` (download right). */
export function modelFilePath(modelId: string, versionId?: string): string {
  return `${modelPath(modelId)}/file${versionId ? `?versionId=${enc(versionId)}` : ''}`;
}

// ── elements, tree, categories, compare ─────────────────────────────────────────────────────────────────

export interface ElementsQuery {
  versionId?: string;
  /** JSON over ELEMENT_WHERE_FIELDS. */
  where?: string;
  order?: string;
  skip?: number;
  limit?: number;
}

export function fetchElements(modelId: string, query: ElementsQuery, signal?: AbortSignal) {
  return http.get<ModelElement[]>(`${modelPath(modelId)}/elements`, {
    signal,
    query: query as Record<string, QueryValue>,
  });
}

export function fetchElementCount(
  modelId: string,
  query: Omit<ElementsQuery, 'skip' | 'limit'>,
  signal?: AbortSignal,
) {
  return http
    .get<{ count: number }>(`${modelPath(modelId)}/elements`, {
      signal,
      query: { ...(query as Record<string, QueryValue>), only_count: true },
    })
    .then((answer) => answer.count);
}

export function useElements(projectId: string, modelId: string, query: ElementsQuery, enabled = true) {
  return useQuery({
    queryKey: modelKeys.elements(projectId, modelId, query),
    enabled: enabled && modelId !== '',
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchElements(modelId, query, signal),
  });
}

export function fetchElement(modelId: string, globalId: string, versionId?: string, signal?: AbortSignal) {
  return http.get<ModelElementDetail>(`${modelPath(modelId)}/elements/${enc(globalId)}`, {
    signal,
    query: versionQuery(versionId),
  });
}

/** One element with its property sets (404 when the version has no such GlobalId). */
export function useElement(projectId: string, modelId: string, globalId: string, versionId?: string) {
  return useQuery({
    queryKey: modelKeys.element(projectId, modelId, globalId, versionId),
    enabled: modelId !== '' && globalId !== '',
    queryFn: ({ signal }) => fetchElement(modelId, globalId, versionId, signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useSpatialTree(projectId: string, modelId: string, versionId?: string) {
  return useQuery({
    queryKey: modelKeys.tree(projectId, modelId, versionId),
    enabled: modelId !== '',
    queryFn: ({ signal }) =>
      http.get<SpatialNode>(`${modelPath(modelId)}/tree`, { signal, query: versionQuery(versionId) }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCategories(projectId: string, modelId: string, versionId?: string) {
  return useQuery({
    queryKey: modelKeys.categories(projectId, modelId, versionId),
    enabled: modelId !== '',
    queryFn: ({ signal }) =>
      http.get<CategoryCount[]>(`${modelPath(modelId)}/categories`, {
        signal,
        query: versionQuery(versionId),
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Added / removed / changed elements between two ready versions of a model. */
export function useCompare(projectId: string, modelId: string, from: string, to: string) {
  return useQuery({
    queryKey: modelKeys.compare(projectId, modelId, from, to),
    enabled: modelId !== '' && from !== '' && to !== '',
    queryFn: ({ signal }) =>
      http.get<CompareResult>(`${modelPath(modelId)}/compare`, { signal, query: { from, to } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

// ── settings: model tags, viewport tags, selection-set groups, attribute display ────────────────────────

export type ModelSetting<K extends ModelSettingKind> = K extends 'model-tags' ? ModelTag : NamedSetting;
export type ModelSettingBody<K extends ModelSettingKind> = K extends 'model-tags'
  ? { name: string; type?: ModelTagType }
  : { name: string };

export function useModelSettings<K extends ModelSettingKind>(projectId: string, kind: K) {
  return useQuery({
    queryKey: modelKeys.settings(projectId, kind),
    queryFn: ({ signal }) => http.get<ModelSetting<K>[]>(`${projectPath(projectId)}/${kind}`, { signal }),
    staleTime: 30_000,
  });
}

function useInvalidateSettings(projectId: string, kind: ModelSettingKind) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: modelKeys.settings(projectId, kind) });
    // Deleting a tag or group changes the models, viewports and sets that carried it.
    if (kind === 'model-tags') await queryClient.invalidateQueries({ queryKey: modelKeys.lists(projectId) });
    if (kind === 'viewport-tags')
      await queryClient.invalidateQueries({ queryKey: modelKeys.viewports(projectId) });
    if (kind === 'selection-set-groups')
      await queryClient.invalidateQueries({ queryKey: modelKeys.selectionSets(projectId) });
  };
}

/** Creates a tag or group (409 with the name field on a duplicate). */
export function useCreateModelSetting<K extends ModelSettingKind>(projectId: string, kind: K) {
  const invalidate = useInvalidateSettings(projectId, kind);
  return useMutation({
    mutationFn: (body: ModelSettingBody<K>) =>
      http.post<ModelSetting<K>>(`${projectPath(projectId)}/${kind}`, body),
    onSuccess: invalidate,
  });
}

export function useUpdateModelSetting<K extends ModelSettingKind>(projectId: string, kind: K) {
  const invalidate = useInvalidateSettings(projectId, kind);
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<ModelSettingBody<K>> & { id: string }) =>
      http.put<ModelSetting<K>>(`${S}/${kind}/${enc(id)}`, body),
    onSuccess: invalidate,
  });
}

/**
 * Deletes a tag or group. A selection-set group holding sets is refused (409 `models.groupInUse`) unless
 * `moveTo` says where its sets go: another group's id or `none` (ungrouped).
 */
export function useDeleteModelSetting(projectId: string, kind: ModelSettingKind) {
  const invalidate = useInvalidateSettings(projectId, kind);
  return useMutation({
    mutationFn: (input: string | { id: string; moveTo?: string }) => {
      const { id, moveTo } = typeof input === 'string' ? { id: input, moveTo: undefined } : input;
      return http.delete<unknown>(`${S}/${kind}/${enc(id)}`, { query: { moveTo } });
    },
    onSuccess: invalidate,
  });
}

/** Which basic attributes and property sets the properties panel and the QR page show. */
export function useAttributeDisplay(projectId: string) {
  return useQuery({
    queryKey: modelKeys.attributeDisplay(projectId),
    queryFn: ({ signal }) =>
      http.get<AttributeDisplay>(`${projectPath(projectId)}/attribute-display`, { signal }),
    staleTime: 60_000,
  });
}

export function useSaveAttributeDisplay(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttributeDisplay) =>
      http.put<AttributeDisplay>(`${projectPath(projectId)}/attribute-display`, body),
    onSuccess: (saved) => queryClient.setQueryData(modelKeys.attributeDisplay(projectId), saved),
  });
}

// ── viewports ────────────────────────────────────────────────────────────────────────────────────────────

export interface ViewportsQuery {
  modelId?: string;
  tagId?: string;
  where?: string;
  order?: string;
  skip?: number;
  limit?: number;
}

export function useViewports(projectId: string, query: ViewportsQuery = {}, enabled = true) {
  return useQuery({
    queryKey: modelKeys.viewportList(projectId, query),
    enabled,
    queryFn: ({ signal }) => {
      const { skip, limit, ...rest } = query;
      const path = `${projectPath(projectId)}/viewports`;
      // A page when asked for one; else every viewport.
      return skip !== undefined || limit !== undefined
        ? http.get<Viewport[]>(path, {
            signal,
            query: { ...rest, skip, limit } as Record<string, QueryValue>,
          })
        : fetchAll<Viewport>(path, rest as Record<string, QueryValue>, signal);
    },
  });
}

export function fetchViewport(viewportId: string, signal?: AbortSignal) {
  return http.get<Viewport>(`${S}/viewports/${enc(viewportId)}`, { signal });
}

export function useViewport(projectId: string, viewportId: string) {
  return useQuery({
    queryKey: modelKeys.viewport(projectId, viewportId),
    enabled: viewportId !== '',
    queryFn: ({ signal }) => fetchViewport(viewportId, signal),
    retry: false,
  });
}

function useInvalidateViewports(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: modelKeys.viewports(projectId) });
}

export function useCreateViewport(projectId: string) {
  const invalidate = useInvalidateViewports(projectId);
  return useMutation({
    mutationFn: (body: ViewportCreate) => http.post<Viewport>(`${projectPath(projectId)}/viewports`, body),
    onSuccess: invalidate,
  });
}

export function useUpdateViewport(projectId: string) {
  const invalidate = useInvalidateViewports(projectId);
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<ViewportCreate> & { id: string }) =>
      http.put<Viewport>(`${S}/viewports/${enc(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteViewport(projectId: string) {
  const invalidate = useInvalidateViewports(projectId);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`${S}/viewports/${enc(id)}`),
    onSuccess: invalidate,
  });
}

// ── selection sets ───────────────────────────────────────────────────────────────────────────────────────

export interface SelectionSetsQuery {
  modelId?: string;
  where?: string;
  order?: string;
  skip?: number;
  limit?: number;
}

/** The project's selection sets: a page when `skip`/`limit` are given, else all of them. */
export function useSelectionSets(projectId: string, query: SelectionSetsQuery = {}, enabled = true) {
  return useQuery({
    queryKey: modelKeys.selectionSetList(projectId, query),
    enabled,
    queryFn: ({ signal }) => {
      const { skip, limit, ...rest } = query;
      const path = `${projectPath(projectId)}/selection-sets`;
      return skip !== undefined || limit !== undefined
        ? http.get<SelectionSet[]>(path, {
            signal,
            query: { ...rest, skip, limit } as Record<string, QueryValue>,
          })
        : fetchAll<SelectionSet>(path, rest as Record<string, QueryValue>, signal);
    },
  });
}

export function fetchSelectionSet(setId: string, signal?: AbortSignal) {
  return http.get<SelectionSet>(`${S}/selection-sets/${enc(setId)}`, { signal });
}

export function useSelectionSet(projectId: string, setId: string) {
  return useQuery({
    queryKey: modelKeys.selectionSet(projectId, setId),
    enabled: setId !== '',
    queryFn: ({ signal }) => fetchSelectionSet(setId, signal),
    retry: false,
  });
}

function useInvalidateSelectionSets(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: modelKeys.selectionSets(projectId) });
}

export function useCreateSelectionSet(projectId: string) {
  const invalidate = useInvalidateSelectionSets(projectId);
  return useMutation({
    mutationFn: (body: SelectionSetCreate) =>
      http.post<SelectionSet>(`${projectPath(projectId)}/selection-sets`, body),
    onSuccess: invalidate,
  });
}

/** Rename, move to another group (`groupId`, null: no group), remark, items. */
export function useUpdateSelectionSet(projectId: string) {
  const invalidate = useInvalidateSelectionSets(projectId);
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<SelectionSetCreate> & { id: string }) =>
      http.put<SelectionSet>(`${S}/selection-sets/${enc(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteSelectionSet(projectId: string) {
  const invalidate = useInvalidateSelectionSets(projectId);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`${S}/selection-sets/${enc(id)}`),
    onSuccess: invalidate,
  });
}

// ── element shares (component QR codes) ─────────────────────────────────────────────────────────────────

/** The element's share (the same token every time); made on first call. */
export function createElementShare(modelId: string, globalId: string) {
  return http.post<ElementShare>(`${modelPath(modelId)}/elements/${enc(globalId)}/share`);
}

export function useElementShare(projectId: string, modelId: string, globalId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: modelKeys.elementShare(projectId, modelId, globalId),
    enabled: enabled && modelId !== '' && globalId !== '',
    queryFn: async () => {
      const share = await createElementShare(modelId, globalId);
      // The QR list gains a row the first time an element is shared.
      void queryClient.invalidateQueries({ queryKey: modelKeys.shares(projectId), exact: true });
      return share;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The project's element shares: listed to holders of the export right only (the tokens are the shares). */
export function useElementShares(projectId: string, enabled = true) {
  return useQuery({
    queryKey: modelKeys.shares(projectId),
    enabled,
    queryFn: ({ signal }) => http.get<ElementShareListItem[]>(`${projectPath(projectId)}/shares`, { signal }),
  });
}

export function useRevokeShare(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => http.delete<unknown>(`${S}/shares/${enc(token)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.shares(projectId) }),
  });
}

/** The public page of a shared element (no session): 404 `models.shareNotFound`, 410 `models.deleted`. */
export function useElementSharePage(token: string) {
  return useQuery({
    queryKey: modelKeys.sharePage(token),
    queryFn: ({ signal }) => http.get<ElementSharePage>(`${S}/shares/${enc(token)}`, { signal }),
    retry: false,
  });
}

// ── topics linked to elements (topic-service) ───────────────────────────────────────────────────────────

/** Topics linked to an element of any of these models (`modelIds`), newest first. */
export function useModelTopics(projectId: string, modelIds: readonly string[], enabled = true) {
  return useQuery({
    queryKey: modelKeys.modelTopics(projectId, modelIds),
    enabled: enabled && modelIds.length > 0,
    queryFn: ({ signal }) =>
      http.get<TopicSummary[]>(`topic-service/projects/${enc(projectId)}/topics`, {
        signal,
        query: { modelIds: modelIds.join(','), category: 'all', limit: PAGE, expand: true },
      }),
  });
}

/** The topics linked to one element (GlobalId), narrowed to its model. */
export function useElementTopics(projectId: string, modelId: string, globalId: string, enabled = true) {
  return useQuery({
    queryKey: modelKeys.elementTopics(projectId, modelId, globalId),
    enabled: enabled && globalId !== '',
    // Topics are raised and closed on other pages (the topic form opened from the viewer): read afresh
    // each time the element's panel shows, the cached list first.
    staleTime: 0,
    queryFn: ({ signal }) =>
      http.get<TopicSummary[]>(`topic-service/projects/${enc(projectId)}/entities/${enc(globalId)}/topics`, {
        signal,
        query: { modelId, expand: true },
      }),
  });
}

// ── viewer (appended by the viewer core) ─────────────────────────────────────────────────────────────────

/**
 * The fragments bytes of a version, streamed so the viewer can show the download's progress (`total` is
 * null when the answer has no Content-Length). Errors as `HttpError` (409 `models.notReady`, 410 …).
 */
export async function downloadFragments(
  modelId: string,
  versionId: string,
  options: { signal?: AbortSignal; onProgress?: (loaded: number, total: number | null) => void } = {},
): Promise<Uint8Array> {
  const response = await fetch(fragmentsUrl(modelId, versionId), {
    credentials: 'include',
    signal: options.signal,
  });
  return readFragments(response, options.onProgress);
}

/**
 * The bytes of a fragments answer (`downloadFragments`, or one the viewer started early, viewer/prefetch.ts),
 * read as they arrive with their progress.
 */
export async function readFragments(
  response: Response,
  onProgress?: (loaded: number, total: number | null) => void,
): Promise<Uint8Array> {
  if (!response.ok) {
    const { HttpError, readErrorBody } = await import('../../lib/http');
    const body = readErrorBody(await response.json().catch(() => null));
    throw new HttpError(
      response.status,
      body ?? { code: response.status, key: `http.${response.status}`, message: '' },
      body !== null,
    );
  }
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress?.(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress?.(loaded, total);
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
