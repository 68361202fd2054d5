import type { Language } from '@lintel/contracts';
import type { NotificationEventData, TodosEventData, UnreadEventData } from '@lintel/contracts/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Events } from '../../events/index';
import { AppError } from '../../plugins/app-error';
import { readUserEvent, userChannel } from './channels';
import { presentNotification } from './notifications.presenter';
import { DEFAULT_EVENT_STREAM_OPTIONS, EventStream, type EventStreamOptions } from './sse';

/** Tabs and devices of one user on one server process; more is a client gone wrong (or an attack). */
export const MAX_STREAMS_PER_USER = 20;

export interface LiveStreamsDeps {
  events: Events;
  counts: {
    unreadCount(userId: string): Promise<number>;
    openCount(userId: string): Promise<number>;
  };
  log: FastifyBaseLogger;
  stream?: Partial<EventStreamOptions>;
  maxStreamsPerUser?: number;
}

/**
 * The open notification streams of this process. Each subscribes to its user's channel, so a change made
 * by any process reaches it; `closeAll()` ends them when the app closes, so that shutdown never waits on a
 * browser that keeps its stream open.
 */
export function createLiveStreams({ events, counts, log, stream, maxStreamsPerUser }: LiveStreamsDeps) {
  const options: EventStreamOptions = { ...DEFAULT_EVENT_STREAM_OPTIONS, ...stream };
  const limit = maxStreamsPerUser ?? MAX_STREAMS_PER_USER;
  const open = new Set<EventStream>();
  const perUser = new Map<string, number>();
  let closing = false;

  function track(userId: string, eventStream: EventStream): void {
    open.add(eventStream);
    perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
    eventStream.onClose(() => {
      open.delete(eventStream);
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
    });
  }

  function forward(eventStream: EventStream, message: unknown, language: Language): void {
    const event = readUserEvent(message);
    if (!event) return;
    switch (event.type) {
      case 'notification': {
        const data: NotificationEventData = {
          notification: presentNotification(event.row, language),
          unread: event.unread,
        };
        eventStream.send('notification', data, event.row.id);
        return;
      }
      case 'unread':
        eventStream.send('unread', { unread: event.unread } satisfies UnreadEventData);
        return;
      case 'todos':
        eventStream.send('todos', { count: event.count } satisfies TodosEventData);
        return;
    }
  }

  return {
    /**
     * A stream for the user, subscribed before it is answered (nothing published afterwards is missed),
     * starting with the current unread and to-do counts. 429 past the per-user limit, 503 while closing or
     * when the events backend cannot subscribe.
     */
    async open(userId: string, language: Language): Promise<EventStream> {
      if (closing) throw new AppError(503, 'common.serviceUnavailable');
      if ((perUser.get(userId) ?? 0) >= limit) throw new AppError(429, 'common.tooManyRequests');
      const eventStream = new EventStream(options);
      track(userId, eventStream);
      try {
        const unsubscribe = await events.subscribe(userChannel(userId), (message) =>
          forward(eventStream, message, language),
        );
        eventStream.onClose(unsubscribe);
      } catch (error) {
        eventStream.end();
        log.error({ err: error }, 'could not subscribe a notification stream');
        throw new AppError(503, 'common.serviceUnavailable');
      }
      try {
        const [unread, todos] = await Promise.all([counts.unreadCount(userId), counts.openCount(userId)]);
        eventStream.send('unread', { unread } satisfies UnreadEventData);
        eventStream.send('todos', { count: todos } satisfies TodosEventData);
      } catch (error) {
        eventStream.end();
        throw error;
      }
      // Closed while we were subscribing: do not hand out a stream nobody will end.
      if (closing) {
        eventStream.end();
        throw new AppError(503, 'common.serviceUnavailable');
      }
      return eventStream;
    },

    /** Streams open in this process. */
    get size(): number {
      return open.size;
    },

    /** Ends every stream and refuses new ones (the app is closing). */
    closeAll(): void {
      closing = true;
      for (const eventStream of [...open]) eventStream.end();
    },
  };
}
export type LiveStreams = ReturnType<typeof createLiveStreams>;
