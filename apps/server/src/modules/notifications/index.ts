import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import type { Database } from '../../db/schema';
import type { Events } from '../../events/index';
import { createLiveStreams, type LiveStreamsDeps } from './live';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';
import { todosRoutes } from './todos.routes';
import { createTodosService } from './todos.service';

export { bestEffort } from './best-effort';
export type { NotifyInput, TodoInput } from './notifications.inputs';
export { templated } from './templated';

/** base-service, where the specification puts notifications, to-dos and stored queries. */
export const NOTIFICATIONS_PREFIX = '/api/v1/base-service';

export interface NotificationsDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  /** The app's events (src/events): in-process, or Redis so that every process's streams hear it. */
  events: Events;
  log: FastifyBaseLogger;
  /** Stream tuning (tests); the defaults are the product's. */
  live?: Pick<LiveStreamsDeps, 'stream' | 'maxStreamsPerUser'>;
}

/**
 * Notifications and to-dos. Other modules get the producers — `notify`, `addTodo`, `closeTodo` — and
 * `readRecordNotifications` (a record was opened) as dependencies from app.ts; they never touch these tables.
 */
export function createNotificationsModule(deps: NotificationsDeps) {
  const notifications = createNotificationsService(deps);
  const todos = createTodosService(deps);
  const live = createLiveStreams({
    events: deps.events,
    counts: { unreadCount: notifications.unreadCount, openCount: todos.openCount },
    log: deps.log,
    ...deps.live,
  });
  return {
    notifications,
    todos,
    live,
    notify: notifications.notify,
    addTodo: todos.addTodo,
    closeTodo: todos.closeTodo,
    readRecordNotifications: notifications.readRecordNotifications,
  };
}
export type NotificationsModule = ReturnType<typeof createNotificationsModule>;
export type Notify = NotificationsModule['notify'];

export const notificationsPlugin: FastifyPluginAsyncZod<{ module: NotificationsModule }> = async (
  app,
  { module },
) => {
  // Before the server stops listening: open streams end, so their connections do not hold the close up.
  app.addHook('preClose', async () => module.live.closeAll());
  await app.register(notificationsRoutes, { notifications: module.notifications, live: module.live });
  await app.register(todosRoutes, { todos: module.todos });
};
