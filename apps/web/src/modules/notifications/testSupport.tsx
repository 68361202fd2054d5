import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { User } from '@lintel/contracts/account';
import type { Notification, NotificationModule, Todo, TodoDelay } from '@lintel/contracts/notifications';
import { EventSource } from 'eventsource';
import type { ReactElement } from 'react';
import { AppHeader } from '../../app/layouts/AppHeader';
import { configureHttp } from '../../lib/http';
import type { SeenRequest } from '../../test/fakeApi';
import { makeProfile, makeUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/renderRoutes';
import { setupUser } from '../../test/user';
import { useCurrentUser } from '../account/api';
import { configureNotificationStream, DEFAULT_STREAM_TIMING } from './live/notificationStream';
import NotificationCentrePage from './pages/NotificationCentrePage';

/**
 * Test support (no production code imports this): a real HTTP server on 127.0.0.1 standing in for
 * apps/server's base-service notifications — the lists with their `where`, paging and counts, the read,
 * read-all and delete calls, GET todos with its delay bands, and a real server-sent-events stream that
 * carries `unread`, `notification` and `todos` as the server sends them (contracts' NOTIFICATION_STREAM_EVENTS).
 * The web code talks to it with fetch and, since jsdom has no EventSource, the `eventsource` polyfill.
 */

const API = '/api/v1/base-service/';
let counter = 0;

/** A 24-hex id, increasing, like the server's. */
export function nextId(): string {
  counter += 1;
  return `66c${String(counter).padStart(21, '0')}`;
}

export function makeNotification(patch: Partial<Notification> = {}): Notification {
  return {
    _id: nextId(),
    module: 'memberManagement',
    title: '您已加入项目「示范项目一期」',
    content: '演示用户 将您添加为成员。',
    link: '/projects/66b000000000000000000021',
    projectId: '66b000000000000000000021',
    recordId: null,
    senderId: null,
    read: false,
    readAt: null,
    createdAt: new Date().toISOString(),
    ...patch,
  };
}

export function makeTodo(patch: Partial<Todo> = {}): Todo {
  const now = new Date().toISOString();
  return {
    _id: nextId(),
    module: 'task',
    title: '审核施工日志',
    content: '',
    link: '/projects/66b000000000000000000021',
    projectId: '66b000000000000000000021',
    recordId: nextId(),
    senderId: null,
    queryParam: null,
    dueDate: null,
    delayDays: 0,
    createdAt: now,
    updatedAt: now,
    ...patch,
  };
}

export interface NotificationsServer {
  baseUrl: string;
  requests: SeenRequest[];
  /** The user's notifications (any order; answers are newest first). */
  notifications: Notification[];
  todos: Todo[];
  /** Stores a new notification and sends it down every open stream, as the producer does. */
  notify(patch?: Partial<Notification>): Notification;
  /** Ends every open stream, as a server restart does. */
  dropStreams(): Promise<void>;
  /** Sends `todos` {count} down every open stream. */
  publishTodos(): void;
  /** Streams open now, and the `lang` each was opened with. */
  readonly openStreams: number;
  streamLanguages: string[];
  /** Answer these paths ('notifications', 'notifications/stream', 'todos') with a 500. */
  failing: Set<string>;
  /** Requests of one method to a path below base-service/. */
  requestsTo(method: string, path: string): SeenRequest[];
  close(): Promise<void>;
}

const unreadOf = (list: Notification[]) => list.filter((n) => !n.read).length;
const newestFirst = <T extends { _id: string; createdAt: string }>(a: T, b: T) =>
  b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);

function inBand(delay: TodoDelay, days: number): boolean {
  switch (delay) {
    case 'overdue':
      return days > 0;
    case '1-7':
      return days >= 1 && days <= 7;
    case '8-30':
      return days >= 8 && days <= 30;
    case 'over30':
      return days > 30;
  }
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

export async function startNotificationsServer(): Promise<NotificationsServer> {
  const requests: SeenRequest[] = [];
  const streams = new Set<ServerResponse>();
  const state = {
    notifications: [] as Notification[],
    todos: [] as Todo[],
    streamLanguages: [] as string[],
    failing: new Set<string>(),
  };

  const send = (event: string, data: unknown, id?: string) => {
    const text = `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const stream of streams) stream.write(text);
  };
  const publishUnread = () => send('unread', { unread: unreadOf(state.notifications) });
  const notFound = { status: 404, json: { code: 404, key: 'common.notFound', message: '资源不存在' } };

  type Reply = { status?: number; json?: unknown };
  function handle(seen: SeenRequest): Reply {
    const { method, path, query, body } = seen;
    const where = JSON.parse(query.get('where') ?? '{}') as { read?: boolean; module?: NotificationModule };
    const skip = Number(query.get('skip') ?? 0);
    const limit = Number(query.get('limit') ?? 20);
    function page<T>(rows: T[]): Reply {
      return query.get('only_count') === 'true'
        ? { json: { count: rows.length } }
        : { json: rows.slice(skip, skip + limit) };
    }

    if (method === 'GET' && path === 'notifications') {
      const rows = state.notifications
        .filter((n) => where.read === undefined || n.read === where.read)
        .filter((n) => where.module === undefined || n.module === where.module)
        .sort(newestFirst);
      return page(rows);
    }
    if (method === 'PUT' && path === 'notifications') {
      const { ids, read } = body as { ids: string[] | 'all'; read: boolean };
      let updated = 0;
      for (const n of state.notifications) {
        if ((ids === 'all' || ids.includes(n._id)) && n.read !== read) {
          n.read = read;
          n.readAt = read ? new Date().toISOString() : null;
          updated += 1;
        }
      }
      if (updated > 0) publishUnread();
      return { json: { updated, unread: unreadOf(state.notifications) } };
    }
    const one = /^notifications\/([0-9a-f]{24})$/.exec(path);
    if (one) {
      const found = state.notifications.find((n) => n._id === one[1]);
      if (!found) return notFound;
      if (method === 'PUT') {
        const { read } = body as { read: boolean };
        found.read = read;
        found.readAt = read ? new Date().toISOString() : null;
        publishUnread();
        return { json: found };
      }
      if (method === 'DELETE') {
        state.notifications = state.notifications.filter((n) => n !== found);
        publishUnread();
        return { json: {} };
      }
    }
    if (method === 'GET' && path === 'todos') {
      const delay = query.get('delay') as TodoDelay | null;
      const rows = state.todos
        .filter((todo) => where.module === undefined || todo.module === where.module)
        .filter((todo) => !delay || inBand(delay, todo.delayDays))
        .sort(newestFirst);
      return page(rows);
    }
    return notFound;
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const seen: SeenRequest = {
      method: request.method ?? 'GET',
      path: url.pathname.startsWith(API) ? url.pathname.slice(API.length) : url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: await readBody(request),
    };
    requests.push(seen);
    if (state.failing.has(seen.path)) {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ code: 500, key: 'common.internal', message: '服务器内部错误' }));
      return;
    }
    if (seen.method === 'GET' && seen.path === 'notifications/stream') {
      state.streamLanguages.push(seen.query.get('lang') ?? '');
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
      });
      response.write('retry: 3000\n\n');
      streams.add(response);
      response.on('close', () => streams.delete(response));
      response.write(`event: unread\ndata: ${JSON.stringify({ unread: unreadOf(state.notifications) })}\n\n`);
      response.write(`event: todos\ndata: ${JSON.stringify({ count: state.todos.length })}\n\n`);
      return;
    }
    const reply = handle(seen);
    response.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(reply.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    get notifications() {
      return state.notifications;
    },
    set notifications(list) {
      state.notifications = list;
    },
    get todos() {
      return state.todos;
    },
    set todos(list) {
      state.todos = list;
    },
    notify(patch = {}) {
      const notification = makeNotification(patch);
      state.notifications.push(notification);
      send('notification', { notification, unread: unreadOf(state.notifications) }, notification._id);
      return notification;
    },
    async dropStreams() {
      const closing = [...streams].map((stream) => new Promise<void>((resolve) => stream.end(resolve)));
      await Promise.all(closing);
    },
    publishTodos() {
      send('todos', { count: state.todos.length });
    },
    get openStreams() {
      return streams.size;
    },
    get streamLanguages() {
      return state.streamLanguages;
    },
    set streamLanguages(list) {
      state.streamLanguages = list;
    },
    failing: state.failing,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const stream of streams) stream.end();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Points the HTTP client and the notification stream at the test server, with the `eventsource` polyfill
 * and short reconnection delays (the product's are seconds).
 */
export function pointAt(server: NotificationsServer): void {
  configureHttp({ baseUrl: server.baseUrl });
  configureNotificationStream({
    EventSource,
    timing: {
      ...DEFAULT_STREAM_TIMING,
      backoffInitialMs: 20,
      backoffMaxMs: 80,
      maxFailures: 3,
      retryLiveMs: 60_000,
    },
  });
}

/** Resets the server's records and what it saw between tests. */
export function resetServer(server: NotificationsServer): void {
  server.notifications = [];
  server.todos = [];
  server.requests.length = 0;
  server.streamLanguages = [];
  server.failing.clear();
}

export const DEMO = makeUser({ _id: '66b000000000000000000101', name: 'demo', nickName: '演示用户' });

/** The header as the shell draws it, for whoever the session holds (sign-out empties it). */
function Header() {
  return <AppHeader profile={makeProfile()} user={useCurrentUser()} />;
}

/**
 * The header (with its bell) above the notification centre and the pages its links open, signed in as
 * `user`, starting at `path`.
 */
export function renderCentre(path = '/notifications', user: User | null = DEMO) {
  const page = (element: ReactElement) => (
    <>
      <Header />
      {element}
    </>
  );
  const view = renderRoutes(
    {
      '/notifications': page(<NotificationCentrePage />),
      '/projects/:projectId': page(<p data-testid="project-page">project</p>),
      '/e': page(<p data-testid="enterprise-page">enterprise</p>),
      '/home': page(<p data-testid="home-page">home</p>),
    },
    { path, user },
  );
  return { ...view, user: setupUser() };
}
