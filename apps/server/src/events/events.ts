/**
 * Realtime events between the parts of the system (DESIGN.md §1): a module publishes a message on a
 * channel, every subscriber of that channel receives it — in this process by default, in every process of
 * the installation when REDIS_URL is set (Redis pub/sub). Delivery is at most once and only to subscribers
 * connected at that moment: durable state lives in the database, events only say "look, it changed".
 */
export interface Events {
  /** 'memory' (this process only) or 'redis' (every process on the same Redis). */
  readonly kind: 'memory' | 'redis';
  /**
   * Sends `message` (JSON-serialisable) to the channel's subscribers. Resolves once handed over (to Redis);
   * rejects when it could not be, so callers that must not fail catch and log.
   */
  publish(channel: string, message: unknown): Promise<void>;
  /**
   * Calls `handler` with each message on the channel (a fresh copy, decoded from JSON) until the returned
   * function is called. Resolves once the subscription is active: messages published after that arrive.
   */
  subscribe(channel: string, handler: EventHandler): Promise<Unsubscribe>;
  /** Ends every subscription and connection; publish and subscribe fail afterwards. Idempotent. */
  close(): Promise<void>;
}

export type EventHandler = (message: unknown) => void;
export type Unsubscribe = () => void;

/** Where the implementations report trouble (a handler that threw, a lost Redis connection). */
export interface EventsLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export class EventsClosedError extends Error {
  constructor() {
    super('the events connection is closed');
    this.name = 'EventsClosedError';
  }
}

/** A channel name: letters, digits and `:_.-`, so a user-supplied part can never address another one. */
const CHANNEL = /^[A-Za-z0-9:_.-]{1,200}$/;

export function assertChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`invalid event channel: ${JSON.stringify(channel)}`);
}

/**
 * The handlers of each channel, shared by both implementations: one entry per channel however many
 * subscribers it has, so Redis sees one SUBSCRIBE per channel and process.
 */
export class HandlerRegistry {
  private readonly channels = new Map<string, Set<EventHandler>>();

  constructor(private readonly log: EventsLog) {}

  /** Adds the handler; true when it is the channel's first. */
  add(channel: string, handler: EventHandler): boolean {
    let handlers = this.channels.get(channel);
    const first = handlers === undefined;
    if (!handlers) {
      handlers = new Set();
      this.channels.set(channel, handlers);
    }
    handlers.add(handler);
    return first;
  }

  /** Removes the handler; true when the channel has none left. */
  remove(channel: string, handler: EventHandler): boolean {
    const handlers = this.channels.get(channel);
    if (!handlers?.delete(handler)) return false;
    if (handlers.size > 0) return false;
    this.channels.delete(channel);
    return true;
  }

  has(channel: string): boolean {
    return this.channels.has(channel);
  }

  /** Decodes once per handler (each gets its own copy); a handler that throws does not stop the others. */
  deliver(channel: string, json: string): void {
    const handlers = this.channels.get(channel);
    if (!handlers) return;
    for (const handler of [...handlers]) {
      try {
        handler(JSON.parse(json));
      } catch (error) {
        this.log.error({ err: error, channel }, 'an event handler failed');
      }
    }
  }

  clear(): void {
    this.channels.clear();
  }
}
