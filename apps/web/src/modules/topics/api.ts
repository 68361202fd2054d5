import type { Domain } from '@lintel/contracts/permissions';
import { authAllows } from '@lintel/contracts/permissions';
import type {
  Topic,
  TopicCategory,
  TopicCreate,
  TopicResponse,
  TopicResponseCreate,
  TopicSetting,
  TopicSettingCreate,
  TopicSettingUpdate,
  TopicState,
  TopicSummary,
  TopicUpdate,
} from '@lintel/contracts/topics';
import { TOPIC_CATEGORIES } from '@lintel/contracts/topics';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { fetchListPage } from '../../lib/paging';
import { selectionOf, selectionQuery, type TopicFilters, type TopicSelection } from './filters';

const enc = encodeURIComponent;
const SERVICE = 'topic-service';
/** The module key the permission templates grant (packages/contracts/src/permissions). */
export const TOPICS_MODULE_KEY = 'problemTopics';

export type TopicSettingKind = 'species' | 'subcontracts';
export type TopicRightKey = 'create' | 'delete' | 'export';

export const topicKeys = {
  all: (projectId: string) => ['topics', projectId] as const,
  lists: (projectId: string) => [...topicKeys.all(projectId), 'list'] as const,
  list: (projectId: string, filters: TopicFilters) => [...topicKeys.lists(projectId), filters] as const,
  counts: (projectId: string, selection: TopicSelection) =>
    [...topicKeys.lists(projectId), 'counts', selection] as const,
  detail: (projectId: string, id: string) => [...topicKeys.all(projectId), 'detail', id] as const,
  responses: (projectId: string, id: string) => [...topicKeys.detail(projectId, id), 'responses'] as const,
  right: (projectId: string, key: TopicRightKey) => [...topicKeys.all(projectId), 'right', key] as const,
  domains: (projectId: string) => [...topicKeys.all(projectId), 'domains'] as const,
  settings: (projectId: string, kind: TopicSettingKind) =>
    [...topicKeys.all(projectId), 'settings', kind] as const,
};

const listPath = (projectId: string) => `${SERVICE}/projects/${enc(projectId)}/topics`;
const topicApiPath = (id: string) => `${SERVICE}/topics/${enc(id)}`;

/** The query of a list page: the filters, the category, the page and the order. */
export function listQuery(filters: TopicFilters) {
  return {
    ...selectionQuery(selectionOf(filters)),
    category: filters.category,
    order: filters.order,
  };
}

/** One page of topics with the total of the same filter. */
export function useTopics(projectId: string, filters: TopicFilters) {
  return useQuery({
    queryKey: topicKeys.list(projectId, filters),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const query = { ...listQuery(filters), expand: true };
      return fetchListPage<TopicSummary>(listPath(projectId), query, filters, signal);
    },
  });
}

export type TopicCounts = Record<TopicCategory, number> & { unread: number };

/** How many topics each category tab holds for the selection, and how many of all are unread. */
export function useTopicCounts(projectId: string, selection: TopicSelection) {
  return useQuery({
    queryKey: topicKeys.counts(projectId, selection),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<TopicCounts> => {
      const query = selectionQuery(selection);
      const count = (extra: Record<string, string | boolean>) =>
        http
          .get<{ count: number }>(listPath(projectId), {
            signal,
            query: { ...query, ...extra, only_count: true },
          })
          .then((answer) => answer.count);
      const [all, mine, created, following, unread] = await Promise.all([
        ...TOPIC_CATEGORIES.map((category) => count({ category })),
        count({ category: 'all', unRead: true }),
      ]);
      return { all: all!, mine: mine!, created: created!, following: following!, unread: unread! };
    },
  });
}

/** The address of the export of a filter (no paging): an .xlsx in the given language. */
export function exportQuery(filters: TopicFilters, language: string) {
  return { ...listQuery(filters), export: true, lang: language };
}

/** One topic with its users, discipline, species and subcontract, and what the caller may do. */
export function useTopic(projectId: string, id: string) {
  return useQuery({
    queryKey: topicKeys.detail(projectId, id),
    enabled: id !== '',
    queryFn: ({ signal }) => http.get<Topic>(topicApiPath(id), { signal, query: { expand: true } }),
    // 404 (deleted, another project) will not change by asking again.
    retry: false,
  });
}

/** The response thread, oldest first (newest last), with the authors. */
export function useResponses(projectId: string, id: string) {
  return useQuery({
    queryKey: topicKeys.responses(projectId, id),
    queryFn: ({ signal }) =>
      http.get<TopicResponse[]>(`${topicApiPath(id)}/responses`, {
        signal,
        query: { expand: true, limit: 200 },
      }),
  });
}

/** Whether the user may create, delete or export topics in the project (GET projects/{id}/auth). */
export function useTopicRight(projectId: string, key: TopicRightKey) {
  return useQuery({
    queryKey: topicKeys.right(projectId, key),
    queryFn: async ({ signal }) => {
      const answer = await http.get<{ value?: unknown }>(`account-service/projects/${enc(projectId)}/auth`, {
        signal,
        query: { key, moduleKey: TOPICS_MODULE_KEY },
      });
      return authAllows(key, answer?.value);
    },
    staleTime: 60_000,
  });
}

/** The project's disciplines (its domains). */
export function useDomains(projectId: string) {
  return useQuery({
    queryKey: topicKeys.domains(projectId),
    queryFn: ({ signal }) =>
      http.get<Domain[]>(`account-service/projects/${enc(projectId)}/domains`, { signal }),
    staleTime: 60_000,
  });
}

/** The project's species or subcontracts (topic settings). */
export function useTopicSettings(projectId: string, kind: TopicSettingKind) {
  return useQuery({
    queryKey: topicKeys.settings(projectId, kind),
    queryFn: ({ signal }) =>
      http.get<TopicSetting[]>(`${SERVICE}/projects/${enc(projectId)}/${kind}`, { signal }),
    staleTime: 30_000,
  });
}

function useInvalidate(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: topicKeys.all(projectId) });
}

export function useCreateTopic(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (body: TopicCreate) => http.post<Topic>(`${SERVICE}/topics`, body),
    onSuccess: invalidate,
  });
}

/** Edit, close (`status: completed`) or reopen (`status: processing`). */
export function useUpdateTopic(projectId: string) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, ...body }: TopicUpdate & { id: string }) => http.put<Topic>(topicApiPath(id), body),
    onSuccess: invalidate,
  });
}

export function useDeleteTopic(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(topicApiPath(id)),
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: topicKeys.detail(projectId, id) });
      await queryClient.invalidateQueries({ queryKey: topicKeys.lists(projectId) });
    },
  });
}

/** Applies a read or follow state to the cached topic, then refreshes the lists (their marks and counts). */
function useStateChange(projectId: string, change: (id: string) => Promise<TopicState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (state) => {
      queryClient.setQueryData<Topic>(topicKeys.detail(projectId, state._id), (old) =>
        old ? { ...old, readByMe: state.readByMe, unRead: state.unRead, following: state.following } : old,
      );
      await queryClient.invalidateQueries({ queryKey: topicKeys.lists(projectId) });
    },
  });
}

/** Marks it read (opening it): the list's unread marks and count follow. */
export function useMarkRead(projectId: string) {
  return useStateChange(projectId, (id) => http.put<TopicState>(`${topicApiPath(id)}/read`));
}

export function useFollow(projectId: string) {
  return useStateChange(projectId, (id) => http.put<TopicState>(`${topicApiPath(id)}/follow`));
}

export function useUnfollow(projectId: string) {
  return useStateChange(projectId, (id) => http.put<TopicState>(`${topicApiPath(id)}/unfollow`));
}

function useInvalidateThread(projectId: string, id: string) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: topicKeys.responses(projectId, id) });
    // The topic's response count and the lists' unread marks of the others change with it.
    await queryClient.invalidateQueries({ queryKey: topicKeys.detail(projectId, id), exact: true });
    await queryClient.invalidateQueries({ queryKey: topicKeys.lists(projectId) });
  };
}

export function useAddResponse(projectId: string, id: string) {
  const invalidate = useInvalidateThread(projectId, id);
  return useMutation({
    mutationFn: (body: TopicResponseCreate) =>
      http.post<TopicResponse>(`${topicApiPath(id)}/responses`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteResponse(projectId: string, id: string) {
  const invalidate = useInvalidateThread(projectId, id);
  return useMutation({
    mutationFn: (responseId: string) =>
      http.delete<unknown>(`${topicApiPath(id)}/responses/${enc(responseId)}`),
    onSuccess: invalidate,
  });
}

function useInvalidateSettings(projectId: string, kind: TopicSettingKind) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: topicKeys.settings(projectId, kind) });
}

export function useCreateSetting(projectId: string, kind: TopicSettingKind) {
  const invalidate = useInvalidateSettings(projectId, kind);
  return useMutation({
    mutationFn: (body: TopicSettingCreate) =>
      http.post<TopicSetting>(`${SERVICE}/projects/${enc(projectId)}/${kind}`, body),
    onSuccess: invalidate,
  });
}

export function useUpdateSetting(projectId: string, kind: TopicSettingKind) {
  const invalidate = useInvalidateSettings(projectId, kind);
  return useMutation({
    mutationFn: ({ id, ...body }: TopicSettingUpdate & { id: string }) =>
      http.put<TopicSetting>(`${SERVICE}/${kind}/${enc(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteSetting(projectId: string, kind: TopicSettingKind) {
  const invalidate = useInvalidateSettings(projectId, kind);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`${SERVICE}/${kind}/${enc(id)}`),
    onSuccess: invalidate,
  });
}

/** Topics of the project whose title holds the keyword (the link picker), newest first. */
export function useTopicSearch(projectId: string, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: [...topicKeys.lists(projectId), 'search', keyword] as const,
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<TopicSummary[]>(listPath(projectId), {
        signal,
        query: {
          ...selectionQuery({ delay: null, domainId: null, priority: null, status: null, keyword }),
          limit: 20,
        },
      }),
  });
}
