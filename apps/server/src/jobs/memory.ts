import {
  assertConcurrency,
  assertQueue,
  type JobHandler,
  type Jobs,
  JobsClosedError,
  type JobsLog,
  runHandler,
} from './jobs';

interface Worker {
  handler: JobHandler;
  concurrency: number;
  running: Set<Promise<void>>;
  stopped: boolean;
}

/**
 * Jobs within this process. Payloads go through JSON and start on a later tick, like Redis's: a handler
 * never sees the caller's object, and enqueue never runs a handler re-entrantly.
 */
export function createMemoryJobs(log: JobsLog): Jobs {
  const pending = new Map<string, string[]>();
  const workers = new Map<string, Worker[]>();
  let closed = false;

  function pump(queue: string): void {
    const waiting = pending.get(queue);
    for (const worker of workers.get(queue) ?? []) {
      while (waiting && waiting.length > 0 && !worker.stopped && worker.running.size < worker.concurrency) {
        start(queue, worker, waiting.shift() as string);
      }
    }
  }

  function start(queue: string, worker: Worker, json: string): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => runHandler(worker.handler, JSON.parse(json), queue, log))
      .finally(() => {
        worker.running.delete(run);
        pump(queue);
      });
    worker.running.add(run);
  }

  async function stop(queue: string, worker: Worker): Promise<void> {
    worker.stopped = true;
    const rest = (workers.get(queue) ?? []).filter((other) => other !== worker);
    if (rest.length > 0) workers.set(queue, rest);
    else workers.delete(queue);
    // Jobs waiting for this worker go to the queue's other workers, if any.
    pump(queue);
    await Promise.all([...worker.running]);
  }

  return {
    kind: 'memory',
    async enqueue(queue: string, payload: unknown): Promise<void> {
      assertQueue(queue);
      if (closed) throw new JobsClosedError();
      const json = JSON.stringify(payload ?? null);
      let waiting = pending.get(queue);
      if (!waiting) {
        waiting = [];
        pending.set(queue, waiting);
      }
      waiting.push(json);
      pump(queue);
    },
    async work(queue: string, handler: JobHandler, { concurrency }: { concurrency: number }) {
      assertQueue(queue);
      assertConcurrency(concurrency);
      if (closed) throw new JobsClosedError();
      const worker: Worker = { handler, concurrency, running: new Set(), stopped: false };
      workers.set(queue, [...(workers.get(queue) ?? []), worker]);
      pump(queue);
      return () => stop(queue, worker);
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      const all = [...workers.entries()].flatMap(([queue, list]) =>
        list.map((worker) => stop(queue, worker)),
      );
      pending.clear();
      await Promise.all(all);
    },
  };
}
