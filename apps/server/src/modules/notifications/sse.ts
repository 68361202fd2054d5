import { PassThrough } from 'node:stream';

export interface EventStreamOptions {
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
  /** How long a browser's EventSource waits before reconnecting after the stream ends. */
  retryMs: number;
  /**
   * A client that does not read (a stalled connection) would make the server buffer without end: past this
   * many unsent bytes the stream is ended; the browser reconnects and reloads what it missed.
   */
  maxBufferedBytes: number;
}

export const DEFAULT_EVENT_STREAM_OPTIONS: EventStreamOptions = {
  heartbeatMs: 25_000,
  retryMs: 3_000,
  maxBufferedBytes: 1024 * 1024,
};

/**
 * One server-sent-events response body (text/event-stream, WHATWG HTML §9.2). `body` is handed to
 * `reply.send`; the stream ends when the client goes away (Fastify destroys the body), or on `end()`.
 */
export class EventStream {
  readonly body = new PassThrough();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly closeListeners: Array<() => void> = [];
  private done = false;

  constructor(private readonly options: EventStreamOptions = DEFAULT_EVENT_STREAM_OPTIONS) {
    // The first bytes go out at once, so the client sees the stream open before any event.
    this.write(`retry: ${options.retryMs}\n\n`);
    this.heartbeat = setInterval(() => this.write(': ping\n\n'), options.heartbeatMs);
    // An open stream alone must not keep a process alive that is otherwise done.
    this.heartbeat.unref();
    this.body.once('close', () => this.finish());
  }

  get closed(): boolean {
    return this.done;
  }

  /** One event; `data` is sent as one line of JSON (JSON.stringify never emits a raw line break). */
  send(event: string, data: unknown, id?: string): void {
    if (this.done) return;
    const lines = `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    this.write(lines);
  }

  /** Called once when the stream ends, whoever ended it; at once when it has ended already. */
  onClose(listener: () => void): void {
    if (this.done) listener();
    else this.closeListeners.push(listener);
  }

  /** Ends the response after what is buffered has been sent. */
  end(): void {
    if (this.done) return;
    this.body.end();
    this.finish();
  }

  private write(text: string): void {
    if (this.done) return;
    if (this.body.writableLength + this.body.readableLength > this.options.maxBufferedBytes) {
      // The client is not reading: stop buffering for it; it reconnects when it wakes up.
      this.body.destroy();
      this.finish();
      return;
    }
    this.body.write(text);
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    clearInterval(this.heartbeat);
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
