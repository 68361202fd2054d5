import { Redis, type RedisOptions } from 'ioredis';
import {
  assertChannel,
  type EventHandler,
  type Events,
  EventsClosedError,
  type EventsLog,
  HandlerRegistry,
} from './events';

export interface RedisEventsOptions {
  /** REDIS_URL */
  url: string;
  log: EventsLog;
  /** Put before every channel name, so installations (or test runs) sharing one Redis stay apart. */
  prefix?: string;
}

/** How long close() waits for Redis to acknowledge QUIT before cutting the connection. */
const QUIT_TIMEOUT_MS = 1000;

/**
 * Redis pub/sub: one connection publishes (auto-pipelined, so a notification to many users is one round
 * trip), one is in subscriber mode and carries one SUBSCRIBE per channel with subscribers in this process.
 * ioredis reconnects by itself and resubscribes; a command waits through at most two reconnection attempts,
 * so a publish during an outage fails in seconds instead of holding the request that caused it.
 */
export function createRedisEvents({ url, log, prefix = 'lintel:' }: RedisEventsOptions): Events {
  const options: RedisOptions = { maxRetriesPerRequest: 2, enableAutoPipelining: true };
  const publisher = new Redis(url, { ...options, connectionName: 'lintel-publish' });
  const subscriber = new Redis(url, { ...options, connectionName: 'lintel-subscribe' });
  const registry = new HandlerRegistry(log);
  /** Per channel: the SUBSCRIBE in flight or done, which later subscribers of the channel wait for too. */
  const subscribed = new Map<string, Promise<unknown>>();
  let closed = false;

  for (const [role, client] of [
    ['publish', publisher],
    ['subscribe', subscriber],
  ] as const) {
    // Once per outage, not at every reconnection attempt; without a listener ioredis prints to stderr.
    let down = false;
    client.on('error', (error: Error) => {
      if (down || closed) return;
      down = true;
      log.error({ err: error, role }, 'the Redis connection failed: live events are interrupted');
    });
    client.on('ready', () => {
      if (!down) return;
      down = false;
      log.info({ role }, 'the Redis connection is back');
    });
  }

  subscriber.on('message', (channel: string, json: string) => {
    if (channel.startsWith(prefix)) registry.deliver(channel.slice(prefix.length), json);
  });

  async function quit(client: Redis): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.quit(),
        new Promise((resolve) => {
          timer = setTimeout(resolve, QUIT_TIMEOUT_MS);
        }),
      ]);
    } catch {
      // Already gone: nothing to say goodbye to.
    } finally {
      clearTimeout(timer);
      client.disconnect();
    }
  }

  return {
    kind: 'redis',
    async publish(channel: string, message: unknown): Promise<void> {
      assertChannel(channel);
      if (closed) throw new EventsClosedError();
      await publisher.publish(prefix + channel, JSON.stringify(message));
    },

    async subscribe(channel: string, handler: EventHandler) {
      assertChannel(channel);
      if (closed) throw new EventsClosedError();
      if (registry.add(channel, handler)) subscribed.set(channel, subscriber.subscribe(prefix + channel));
      const unsubscribe = () => {
        if (!registry.remove(channel, handler)) return;
        subscribed.delete(channel);
        if (!closed) {
          subscriber.unsubscribe(prefix + channel).catch((error: unknown) => {
            log.warn({ err: error, channel }, 'could not unsubscribe from a Redis channel');
          });
        }
      };
      try {
        await subscribed.get(channel);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      registry.clear();
      subscribed.clear();
      await Promise.all([quit(publisher), quit(subscriber)]);
    },
  };
}
