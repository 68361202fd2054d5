import type { CountResult, Language } from '@lintel/contracts';
import type {
  Notification,
  NotificationModule,
  NotificationsReadResult,
  Todo,
  TodoDelay,
} from '@lintel/contracts/notifications';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '../../lib/http';

const BASE = 'base-service';
const enc = encodeURIComponent;

export const PAGE_SIZE = 20;

/** One page of the messages tab: the filters of spec 001 §2 (all / unread only, module) and the page. */
export interface MessagesQuery {
  unreadOnly: boolean;
  module: NotificationModule | null;
  page: number;
}

/** One page of the pending tab: a delay band of spec 001 §9 (null: every open item), module and page. */
export interface TodosQuery {
  delay: TodoDelay | null;
  module: NotificationModule | null;
  page: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** One query-key factory for the module; the live stream and every mutation invalidate through it. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The signed-in user's unread count (the header badge). */
  unread: () => [...notificationKeys.all, 'unread'] as const,
  /** Every page of the messages tab. The language is part of the key: system texts come translated. */
  messages: () => [...notificationKeys.all, 'messages'] as const,
  messageList: (query: MessagesQuery, language: Language) =>
    [...notificationKeys.messages(), query, language] as const,
  /** The number of open to-dos (the pending tab's label). */
  todoCount: () => [...notificationKeys.all, 'todoCount'] as const,
  todos: () => [...notificationKeys.all, 'todos'] as const,
  todoList: (query: TodosQuery) => [...notificationKeys.todos(), query] as const,
};

/** `where` of GET notifications for the filters; undefined when nothing is filtered. */
export function messagesWhere(query: Pick<MessagesQuery, 'unreadOnly' | 'module'>): string | undefined {
  const where: { read?: false; module?: NotificationModule } = {};
  if (query.unreadOnly) where.read = false;
  if (query.module) where.module = query.module;
  return Object.keys(where).length > 0 ? JSON.stringify(where) : undefined;
}

function todosWhere(query: Pick<TodosQuery, 'module'>): string | undefined {
  return query.module ? JSON.stringify({ module: query.module }) : undefined;
}

const skipOf = (page: number) => (page - 1) * PAGE_SIZE;

/** GET notifications?only_count=true over the unread ones. */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  const answer = await http.get<CountResult>(`${BASE}/notifications`, {
    signal,
    query: { only_count: true, where: messagesWhere({ unreadOnly: true, module: null }) },
  });
  return answer.count;
}

/**
 * The unread count. The live stream keeps it current (setQueryData), so it is fetched only by an observer
 * that asks: the notification centre, or the badge while it polls because the stream keeps failing.
 */
export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread(),
  queryFn: ({ signal }) => fetchUnreadCount(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useMessages(query: MessagesQuery, language: Language) {
  return useQuery({
    queryKey: notificationKeys.messageList(query, language),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<Page<Notification>> => {
      const where = messagesWhere(query);
      const path = `${BASE}/notifications`;
      const [rows, count] = await Promise.all([
        http.get<Notification[]>(path, {
          signal,
          query: { where, skip: skipOf(query.page), limit: PAGE_SIZE },
        }),
        http.get<CountResult>(path, { signal, query: { where, only_count: true } }),
      ]);
      return { rows, total: count.count };
    },
  });
}

export function useTodos(query: TodosQuery) {
  return useQuery({
    queryKey: notificationKeys.todoList(query),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<Page<Todo>> => {
      const where = todosWhere(query);
      const delay = query.delay ?? undefined;
      const path = `${BASE}/todos`;
      const [rows, count] = await Promise.all([
        http.get<Todo[]>(path, {
          signal,
          query: { where, delay, skip: skipOf(query.page), limit: PAGE_SIZE },
        }),
        http.get<CountResult>(path, { signal, query: { where, delay, only_count: true } }),
      ]);
      return { rows, total: count.count };
    },
  });
}

/** The open to-dos of the user; the stream's `todos` events keep it current. */
export function useTodoCount() {
  return useQuery({
    queryKey: notificationKeys.todoCount(),
    queryFn: async ({ signal }) =>
      (await http.get<CountResult>(`${BASE}/todos`, { signal, query: { only_count: true } })).count,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * After a change of the user's notifications: the lists reload, and the unread count reloads where an
 * observer fetches it (the stream's `unread` event brings it anyway; this covers a stream that is down).
 */
function refreshAfterChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: notificationKeys.messages() }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.unread() }),
  ]);
}

/** PUT notifications/{id} {read: true}. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.put<Notification>(`${BASE}/notifications/${enc(id)}`, { read: true }),
    onSuccess: (updated) => {
      // The row shows as read at once, before the list reloads.
      queryClient.setQueriesData<Page<Notification>>({ queryKey: notificationKeys.messages() }, (page) =>
        page ? { ...page, rows: page.rows.map((row) => (row._id === updated._id ? updated : row)) } : page,
      );
      return refreshAfterChange(queryClient);
    },
  });
}

/** PUT notifications {ids: 'all', read: true}: every notification of the user, whatever the filters. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.put<NotificationsReadResult>(`${BASE}/notifications`, { ids: 'all', read: true }),
    onSuccess: (result) => {
      queryClient.setQueryData(notificationKeys.unread(), result.unread);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.messages() });
    },
  });
}

/** DELETE notifications/{id}. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`${BASE}/notifications/${enc(id)}`),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}
