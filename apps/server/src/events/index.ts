import type { Events, EventsLog } from './events';
import { createMemoryEvents } from './memory';
import { createRedisEvents } from './redis';

export * from './events';
export { createMemoryEvents } from './memory';
export { createRedisEvents } from './redis';

/** The app's events: Redis pub/sub when REDIS_URL is set, else this process only. */
export function createEvents(options: { redisUrl: string | null; log: EventsLog }): Events {
  return options.redisUrl
    ? createRedisEvents({ url: options.redisUrl, log: options.log })
    : createMemoryEvents(options.log);
}
