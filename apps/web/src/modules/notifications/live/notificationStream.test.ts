import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type EventSourceLike,
  openNotificationStream,
  type StreamHandlers,
  type StreamMode,
} from './notificationStream';

/**
 * The reconnection schedule, on a scripted EventSource and fake timers: the delays are the point here, and
 * real ones would make the test slow or flaky. (The component tests run the same code against a real
 * server-sent-events stream.)
 */
class ScriptedEventSource implements EventSourceLike {
  static made: ScriptedEventSource[] = [];
  onopen: ((event: Event) => unknown) | null = null;
  onerror: ((event: Event) => unknown) | null = null;
  closed = false;
  readonly listeners = new Map<string, (event: MessageEvent) => void>();

  constructor(readonly url: string) {
    ScriptedEventSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, listener);
  }
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.onopen?.(new Event('open'));
  }
  fail(): void {
    this.onerror?.(new Event('error'));
  }
  emit(type: string, data: string): void {
    this.listeners.get(type)?.(new MessageEvent(type, { data }));
  }
}

const timing = { backoffInitialMs: 1_000, backoffMaxMs: 4_000, maxFailures: 5, retryLiveMs: 60_000 };
let modes: StreamMode[];
let handlers: StreamHandlers & { opens: boolean[]; unread: number[] };
const latest = () => ScriptedEventSource.made.at(-1)!;
const made = () => ScriptedEventSource.made.length;

beforeEach(() => {
  vi.useFakeTimers();
  ScriptedEventSource.made = [];
  modes = [];
  const opens: boolean[] = [];
  const unread: number[] = [];
  handlers = {
    opens,
    unread,
    onMode: (mode) => modes.push(mode),
    onOpen: (reconnected) => opens.push(reconnected),
    onUnread: (count) => unread.push(count),
    onNotification: () => undefined,
    onTodos: () => undefined,
  };
});
afterEach(() => {
  vi.useRealTimers();
});

const open = () =>
  openNotificationStream({ url: '/stream?lang=zh-CN', EventSource: ScriptedEventSource, handlers, timing });

describe('the notification stream', () => {
  it('reconnects after 1, 2, 4, 4 s, then polls, and tries the stream again after a while', () => {
    open();
    expect(modes).toEqual(['connecting']);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      latest().fail();
      expect(latest().closed).toBe(true);
      const before = made();
      // Not a moment before the delay.
      const delay = [1_000, 2_000, 4_000, 4_000][attempt - 1]!;
      vi.advanceTimersByTime(delay - 1);
      expect(made()).toBe(before);
      vi.advanceTimersByTime(1);
      expect(made()).toBe(before + 1);
    }
    expect(modes).toEqual(['connecting']);
    // The fifth failure in a row: polling, and no new stream until retryLiveMs has passed.
    latest().fail();
    expect(modes).toEqual(['connecting', 'polling']);
    vi.advanceTimersByTime(59_999);
    expect(made()).toBe(5);
    vi.advanceTimersByTime(1);
    expect(made()).toBe(6);
    // It opens: live again, and the caller is told events may have been missed (none had opened before).
    latest().open();
    expect(modes).toEqual(['connecting', 'polling', 'live']);
    expect(handlers.opens).toEqual([false]);
  });

  it('a stream that had opened reconnects after the first delay again, and says it reconnected', () => {
    open();
    latest().open();
    latest().fail();
    vi.advanceTimersByTime(1_000);
    expect(made()).toBe(2);
    latest().open();
    expect(handlers.opens).toEqual([false, true]);
    expect(modes).toEqual(['connecting', 'live', 'connecting', 'live']);
  });

  it('passes on well-formed events and ignores malformed ones', () => {
    open();
    latest().emit('unread', '{"unread":4}');
    latest().emit('unread', 'not json');
    latest().emit('unread', '{"count":4}');
    expect(handlers.unread).toEqual([4]);
  });

  it('polls at once without an EventSource, and close() stops every timer and stream', () => {
    openNotificationStream({ url: '/stream', EventSource: null, handlers, timing });
    expect(modes).toEqual(['polling']);

    const stream = open();
    latest().fail();
    stream.close();
    vi.advanceTimersByTime(120_000);
    expect(made()).toBe(1);
    expect(latest().closed).toBe(true);
  });
});
