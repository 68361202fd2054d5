import { request } from 'node:http';

/**
 * Test support (no production code imports this): a minimal server-sent-events client on a socket of its
 * own (node:http without an agent). fetch would do too, but after an aborted stream its pool opens a spare
 * connection that never sends a request, and the server's close then waits for it.
 */

export interface ReceivedEvent {
  event: string;
  /** The data line, parsed as JSON. */
  data: unknown;
  id: string | null;
}

export interface EventStreamClient {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Every event so far, in order. */
  events: ReceivedEvent[];
  /** Comment lines (`: ping`) so far, without the colon. */
  comments: string[];
  /** The first event (from `from` on) matching, waiting for it up to `timeoutMs`. */
  next(
    match: (event: ReceivedEvent) => boolean,
    options?: { from?: number; timeoutMs?: number },
  ): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let finished = false;

  function parse(block: string): void {
    let event = 'message';
    let data: string | null = null;
    let id: string | null = null;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data = line.slice(6);
      else if (line.startsWith('id: ')) id = line.slice(4);
    }
    if (data !== null) events.push({ event, data: JSON.parse(data), id });
  }

  const outgoing = request(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } });
  const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
    outgoing.end();
  });
  // After the response arrived, an error is the end of the stream (close() destroys the request).
  outgoing.on('error', () => undefined);
  const ended = new Promise<void>((resolve) => {
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        parse(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf('\n\n');
      }
      wake();
    });
    response.on('error', () => undefined);
    response.once('close', () => {
      finished = true;
      wake();
      resolve();
    });
  });

  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    events,
    comments,
    ended,
    close: () => outgoing.destroy(),
    next(match, { from = 0, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found) {
            cleanup();
            resolve(found);
          } else if (finished) {
            cleanup();
            reject(new Error(`the stream ended without the event; got ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
