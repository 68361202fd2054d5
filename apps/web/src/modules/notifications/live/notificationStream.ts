import type { NotificationEventData, TodosEventData, UnreadEventData } from '@lintel/contracts/notifications';

/** What this module needs of an EventSource: the browser's, or a polyfill a test injects. */
export interface EventSourceLike {
  onopen: ((event: Event) => unknown) | null;
  onerror: ((event: Event) => unknown) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}
export type EventSourceConstructor = new (
  url: string,
  init?: { withCredentials?: boolean },
) => EventSourceLike;

/**
 * - `connecting`: no stream open yet (or between reconnections);
 * - `live`: the stream is open, the counts arrive as they change;
 * - `polling`: the stream failed again and again (or the browser has no EventSource): the caller polls the
 *   unread count instead, and the stream is tried again now and then.
 */
export type StreamMode = 'connecting' | 'live' | 'polling';

export interface StreamHandlers {
  onUnread(unread: number): void;
  onNotification(data: NotificationEventData): void;
  onTodos(count: number): void;
  /** The stream opened; `reconnected` when an earlier one had opened before (events may have been missed). */
  onOpen(reconnected: boolean): void;
  onMode(mode: StreamMode): void;
}

export interface StreamTiming {
  /** The first reconnection waits this long, each further one twice as long as the previous one… */
  backoffInitialMs: number;
  /** …up to this. */
  backoffMaxMs: number;
  /** Failures in a row (without the stream opening in between) before falling back to polling. */
  maxFailures: number;
  /** While polling, the stream is tried again this often. */
  retryLiveMs: number;
}

export const DEFAULT_STREAM_TIMING: StreamTiming = {
  backoffInitialMs: 1_000,
  backoffMaxMs: 30_000,
  maxFailures: 5,
  retryLiveMs: 5 * 60_000,
};

export interface StreamOptions {
  url: string;
  /** null when the browser has none: the stream goes straight to polling. */
  EventSource: EventSourceConstructor | null;
  handlers: StreamHandlers;
  timing?: Partial<StreamTiming>;
}

function parse<T>(event: MessageEvent): T | null {
  try {
    return JSON.parse(String(event.data)) as T;
  } catch {
    return null;
  }
}

/**
 * The signed-in user's notification stream (GET base-service/notifications/stream). Every failure closes
 * the EventSource and reconnects after a growing delay — the browser's own retry would hammer a server that
 * is down every 3 s, and it gives up for good on an HTTP error. After `maxFailures` failures in a row the
 * caller is told to poll (`polling`), and the stream is tried again every `retryLiveMs`.
 */
export function openNotificationStream({ url, EventSource, handlers, timing }: StreamOptions): {
  close(): void;
} {
  const { backoffInitialMs, backoffMaxMs, maxFailures, retryLiveMs } = {
    ...DEFAULT_STREAM_TIMING,
    ...timing,
  };
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let openedBefore = false;
  let mode: StreamMode | null = null;
  let closed = false;

  const setMode = (next: StreamMode) => {
    if (next === mode) return;
    mode = next;
    handlers.onMode(next);
  };

  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      timer = null;
      connect();
    }, delay);
  };

  const fail = () => {
    source?.close();
    source = null;
    failures += 1;
    if (failures >= maxFailures) {
      setMode('polling');
      schedule(retryLiveMs);
    } else {
      setMode('connecting');
      schedule(Math.min(backoffMaxMs, backoffInitialMs * 2 ** (failures - 1)));
    }
  };

  function connect(): void {
    if (closed || !EventSource) return;
    let next: EventSourceLike;
    try {
      next = new EventSource(url, { withCredentials: true });
    } catch {
      fail();
      return;
    }
    source = next;
    next.onopen = () => {
      if (closed || source !== next) return;
      failures = 0;
      setMode('live');
      handlers.onOpen(openedBefore);
      openedBefore = true;
    };
    next.onerror = () => {
      if (closed || source !== next) return;
      // Whether the browser would retry by itself (a stream that ended) or not (an HTTP error): ours is the
      // only retry. A stream that had opened reconnects after the first delay, since `failures` was reset;
      // one that never opens (server down, 401, 429) waits longer each time.
      fail();
    };
    next.addEventListener('unread', (event) => {
      const data = parse<UnreadEventData>(event);
      if (data && typeof data.unread === 'number') handlers.onUnread(data.unread);
    });
    next.addEventListener('notification', (event) => {
      const data = parse<NotificationEventData>(event);
      if (data?.notification && typeof data.unread === 'number') handlers.onNotification(data);
    });
    next.addEventListener('todos', (event) => {
      const data = parse<TodosEventData>(event);
      if (data && typeof data.count === 'number') handlers.onTodos(data.count);
    });
  }

  if (!EventSource) setMode('polling');
  else {
    setMode('connecting');
    connect();
  }

  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      source?.close();
      source = null;
    },
  };
}

export interface StreamConfig {
  EventSource: EventSourceConstructor | null;
  timing: Partial<StreamTiming>;
}

const config: StreamConfig = {
  EventSource: (globalThis as { EventSource?: EventSourceConstructor }).EventSource ?? null,
  timing: {},
};

/**
 * Replaces the EventSource constructor or the timing: tests inject a polyfill (jsdom has no EventSource)
 * and short delays, the way `configureHttp` points the HTTP client at their server.
 */
export function configureNotificationStream(patch: Partial<StreamConfig>): void {
  Object.assign(config, patch);
}

export function getNotificationStreamConfig(): Readonly<StreamConfig> {
  return config;
}
