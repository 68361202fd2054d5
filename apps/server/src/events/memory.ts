import {
  assertChannel,
  type EventHandler,
  type Events,
  EventsClosedError,
  type EventsLog,
  HandlerRegistry,
} from './events';

/**
 * Events within this process. Messages go through JSON and arrive on a later tick, like Redis's: a
 * subscriber never sees the publisher's object, and a publish never runs handlers re-entrantly.
 */
export function createMemoryEvents(log: EventsLog): Events {
  const registry = new HandlerRegistry(log);
  let closed = false;
  return {
    kind: 'memory',
    async publish(channel: string, message: unknown): Promise<void> {
      assertChannel(channel);
      if (closed) throw new EventsClosedError();
      const json = JSON.stringify(message);
      if (!registry.has(channel)) return;
      setImmediate(() => registry.deliver(channel, json));
    },
    async subscribe(channel: string, handler: EventHandler) {
      assertChannel(channel);
      if (closed) throw new EventsClosedError();
      registry.add(channel, handler);
      return () => {
        registry.remove(channel, handler);
      };
    },
    async close(): Promise<void> {
      closed = true;
      registry.clear();
    },
  };
}
