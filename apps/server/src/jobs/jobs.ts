/**
 * Background jobs (DESIGN.md §1 "jobs/events → in-process | Redis"): a module queues a job (a JSON payload)
 * on a named queue, and the process that `work`s the queue runs it, at most `concurrency` at once per
 * process. In-process by default (the queue lives and dies with this process); with REDIS_URL the queue
 * is a Redis list every server process takes from, so queued jobs survive a restart and each job runs once
 * in the whole installation.
 *
 * Delivery is at most once: a handler that throws is logged and its job dropped (the caller records the
 * failure in its own state, where users see it). Durable state lives in the database; a module that must
 * not lose work re-queues what its tables say is unfinished when it starts.
 */
export interface Jobs {
  /** 'memory' (this process only) or 'redis' (every process on the same Redis). */
  readonly kind: 'memory' | 'redis';
  /** Queues a job (payload: JSON-serialisable). Resolves once stored (in Redis when configured). */
  enqueue(queue: string, payload: unknown): Promise<void>;
  /**
   * Runs `handler` for the queue's jobs (each gets its own copy of the payload, decoded from JSON), at most
   * `concurrency` at once in this process. Resolves once taking jobs; the returned function stops taking
   * new ones and resolves when the running handlers have finished.
   */
  work(queue: string, handler: JobHandler, options: { concurrency: number }): Promise<StopWorking>;
  /** Stops every worker (waiting for their running handlers) and closes connections. Idempotent. */
  close(): Promise<void>;
}

export type JobHandler = (payload: unknown) => Promise<void>;
export type StopWorking = () => Promise<void>;

/** Where the implementations report trouble (a handler that threw, a lost Redis connection). */
export interface JobsLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export class JobsClosedError extends Error {
  constructor() {
    super('the jobs connection is closed');
    this.name = 'JobsClosedError';
  }
}

/** A queue name: letters, digits and `:_.-`, so it can never address another key. */
const QUEUE = /^[A-Za-z0-9:_.-]{1,200}$/;

export function assertQueue(queue: string): void {
  if (!QUEUE.test(queue)) throw new Error(`invalid job queue: ${JSON.stringify(queue)}`);
}

export function assertConcurrency(concurrency: number): void {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`invalid job concurrency: ${concurrency} (a whole number from 1)`);
  }
}

/** Runs one job; a throwing handler is logged with its queue (never its payload: it may be anything). */
export async function runHandler(handler: JobHandler, payload: unknown, queue: string, log: JobsLog) {
  try {
    await handler(payload);
  } catch (error) {
    log.error({ err: error, queue }, 'a job failed');
  }
}
