import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import {
  assertConcurrency,
  assertQueue,
  type JobHandler,
  type Jobs,
  JobsClosedError,
  type JobsLog,
  runHandler,
} from './jobs';

export interface RedisJobsOptions {
  /** REDIS_URL */
  url: string;
  log: JobsLog;
  /** Put before every key, so installations (or test runs) sharing one Redis stay apart. */
  prefix?: string;
  /** How long a process counts as alive after its last heartbeat (its taken jobs then go back). */
  consumerTtlMs?: number;
}

/** How long one BLMOVE waits for a job before asking again (stop interrupts it at once anyway). */
const BLOCK_SECONDS = 5;
const QUIT_TIMEOUT_MS = 1000;
/** After a failed BLMOVE (Redis away), wait this long before the next. */
const RETRY_MS = 1000;

interface Worker {
  queue: string;
  handler: JobHandler;
  concurrency: number;
  running: Set<Promise<void>>;
  stopped: boolean;
  /** Its own connection: BLMOVE blocks the connection it runs on. */
  connection: Redis;
  loop: Promise<void>;
}

/**
 * Redis lists: `{prefix}jobs:{queue}` holds the waiting jobs (LPUSH in, taken from the other end, so first
 * in first out). A worker takes a job with BLMOVE into its process's processing list
 * `{prefix}jobs:{queue}:processing:{consumer}` and removes it when its handler has finished, so a job is
 * never lost between taking and running. Each process keeps `{prefix}jobs:consumer:{consumer}` alive with
 * a heartbeat; jobs in the processing list of a process whose heartbeat lapsed (it crashed) go back to
 * the queue, taken up by whoever works it.
 */
export function createRedisJobs({
  url,
  log,
  prefix = 'lintel:',
  consumerTtlMs = 60_000,
}: RedisJobsOptions): Jobs {
  const options: RedisOptions = { maxRetriesPerRequest: 2 };
  const client = new Redis(url, { ...options, connectionName: 'lintel-jobs' });
  const consumer: string = randomUUID();
  const workers = new Set<Worker>();
  let heartbeat: NodeJS.Timeout | null = null;
  let closed = false;

  const queueKey = (queue: string) => `${prefix}jobs:${queue}`;
  const processingKey = (queue: string, id = consumer) => `${prefix}jobs:${queue}:processing:${id}`;
  const aliveKey = (id = consumer) => `${prefix}jobs:consumer:${id}`;

  watchConnection(client, 'jobs', log, () => closed);

  /** Marks this process alive; and returns the jobs of processes that are not any more to their queues. */
  async function beat(): Promise<void> {
    await client.set(aliveKey(), '1', 'PX', consumerTtlMs);
    for (const queue of new Set([...workers].map((worker) => worker.queue))) await reclaim(queue);
  }

  async function reclaim(queue: string): Promise<void> {
    const pattern = processingKey(queue, '*');
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 100);
      cursor = next;
      for (const key of keys) {
        const owner = key.slice(processingKey(queue, '').length);
        if (owner === consumer || (await client.exists(aliveKey(owner))) === 1) continue;
        const moved = await requeueAll(key, queue);
        if (moved > 0) log.warn({ queue, jobs: moved }, 'jobs of a stopped server process were queued again');
      }
    } while (cursor !== '0');
  }

  /** Moves every job of a processing list back to the end of its queue that is taken next. */
  async function requeueAll(key: string, queue: string): Promise<number> {
    let moved = 0;
    while ((await client.lmove(key, queueKey(queue), 'LEFT', 'RIGHT')) !== null) moved++;
    return moved;
  }

  function startHeartbeat(): void {
    if (heartbeat) return;
    heartbeat = setInterval(
      () => {
        beat().catch((error: unknown) => log.warn({ err: error }, 'the jobs heartbeat failed'));
      },
      Math.max(50, Math.floor(consumerTtlMs / 4)),
    );
    heartbeat.unref();
  }

  async function loop(worker: Worker): Promise<void> {
    let failing = false;
    while (!worker.stopped) {
      if (worker.running.size >= worker.concurrency) {
        await Promise.race(worker.running);
        continue;
      }
      let json: string | null;
      try {
        json = await worker.connection.blmove(
          queueKey(worker.queue),
          processingKey(worker.queue),
          'RIGHT',
          'LEFT',
          BLOCK_SECONDS,
        );
        failing = false;
      } catch (error) {
        if (worker.stopped) break;
        if (!failing) log.error({ err: error, queue: worker.queue }, 'could not take a job from Redis');
        failing = true;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        continue;
      }
      if (json !== null) start(worker, json);
    }
  }

  function start(worker: Worker, json: string): void {
    let payload: unknown;
    let parsed = true;
    try {
      payload = JSON.parse(json);
    } catch (error) {
      parsed = false;
      log.error({ err: error, queue: worker.queue }, 'a job was not JSON: dropped');
    }
    const run = (parsed ? runHandler(worker.handler, payload, worker.queue, log) : Promise.resolve())
      .then(() => client.lrem(processingKey(worker.queue), 1, json))
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error, queue: worker.queue }, 'could not clear a finished job'),
      )
      .finally(() => worker.running.delete(run));
    worker.running.add(run);
  }

  async function stop(worker: Worker): Promise<void> {
    if (!worker.stopped) {
      worker.stopped = true;
      // Ends a BLMOVE that is waiting; the loop sees `stopped` and returns.
      worker.connection.disconnect();
    }
    await worker.loop;
    await Promise.all([...worker.running]);
    workers.delete(worker);
    // A BLMOVE cut off by the disconnect may have moved a job whose reply never came: it never started, so
    // it goes back for others (or the next start).
    try {
      const others = [...workers].some((other) => other.queue === worker.queue);
      if (!others) await requeueAll(processingKey(worker.queue), worker.queue);
    } catch (error) {
      log.warn({ err: error, queue: worker.queue }, 'could not return untaken jobs to their queue');
    }
  }

  return {
    kind: 'redis',
    async enqueue(queue: string, payload: unknown): Promise<void> {
      assertQueue(queue);
      if (closed) throw new JobsClosedError();
      await client.lpush(queueKey(queue), JSON.stringify(payload ?? null));
    },

    async work(queue: string, handler: JobHandler, { concurrency }: { concurrency: number }) {
      assertQueue(queue);
      assertConcurrency(concurrency);
      if (closed) throw new JobsClosedError();
      // Alive before taking anything, so no other process mistakes our processing list for a dead one's.
      await client.set(aliveKey(), '1', 'PX', consumerTtlMs);
      await reclaim(queue);
      startHeartbeat();
      const connection = client.duplicate({ connectionName: 'lintel-jobs-worker', maxRetriesPerRequest: 2 });
      const worker: Worker = {
        queue,
        handler,
        concurrency,
        running: new Set(),
        stopped: false,
        connection,
        loop: Promise.resolve(),
      };
      watchConnection(connection, 'jobs-worker', log, () => closed || worker.stopped);
      workers.add(worker);
      worker.loop = loop(worker);
      return () => stop(worker);
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      if (heartbeat) clearInterval(heartbeat);
      await Promise.all([...workers].map((worker) => stop(worker)));
      try {
        await client.del(aliveKey());
      } catch {
        // Redis away: the key expires by itself.
      }
      await quit(client);
    },
  };
}

/** Logs a lost connection once per outage, not at every reconnection attempt. */
function watchConnection(client: Redis, role: string, log: JobsLog, quiet: () => boolean): void {
  let down = false;
  client.on('error', (error: Error) => {
    if (down || quiet()) return;
    down = true;
    log.error({ err: error, role }, 'the Redis connection failed: background jobs wait');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ role }, 'the Redis connection is back');
  });
}

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
