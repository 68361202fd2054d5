import { afterEach, expect, it } from 'vitest';
import { recordingLog } from '../events/testSupport';
import { type Jobs, JobsClosedError } from './jobs';

/** Polls until `check` holds (or fails after `ms`). */
async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

/** A handler whose jobs wait until released: what started, how many run at once, the most ever. */
function gatedHandler() {
  const started: unknown[] = [];
  const finished: unknown[] = [];
  const gates: Array<() => void> = [];
  let running = 0;
  let most = 0;
  const handler = async (payload: unknown) => {
    started.push(payload);
    running++;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => gates.push(resolve));
    running--;
    finished.push(payload);
  };
  const releaseAll = () => {
    for (const release of gates.splice(0)) release();
  };
  return { handler, started, finished, releaseAll, most: () => most, running: () => running };
}

/**
 * The behaviour every Jobs implementation shares. `make(log)` gives a fresh instance whose queues are
 * empty; `makePeer` one that shares its backend (another server process on the same Redis).
 */
export function jobsContract(
  make: (log: ReturnType<typeof recordingLog>) => Jobs,
  makePeer?: (log: ReturnType<typeof recordingLog>) => Jobs,
) {
  const opened: Jobs[] = [];
  let queueNumber = 0;
  // Each test its own queue, so a job a test left behind never reaches the next one.
  const freshQueue = () => `test:q${++queueNumber}-${Date.now()}`;
  const open = (factory = make) => {
    const log = recordingLog();
    const jobs = factory(log);
    opened.push(jobs);
    return { jobs, log };
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((jobs) => jobs.close()));
  });

  it('runs each job once, with a copy of its payload, in the order queued', async () => {
    const { jobs } = open();
    const queue = freshQueue();
    const got: unknown[] = [];
    const payload = { versionId: 'v1', list: [1, 2], text: '模型' };
    await jobs.enqueue(queue, payload);
    await jobs.enqueue(queue, 2);
    const stop = await jobs.work(queue, async (job) => void got.push(job), { concurrency: 1 });
    await jobs.enqueue(queue, 3);
    await until(() => got.length === 3);
    await settle();
    expect(got).toEqual([payload, 2, 3]);
    expect(got[0]).not.toBe(payload);
    await stop();
  });

  it('runs at most `concurrency` at once, and the rest as slots free up', async () => {
    const { jobs } = open();
    const queue = freshQueue();
    const gated = gatedHandler();
    for (let i = 0; i < 5; i++) await jobs.enqueue(queue, i);
    const stop = await jobs.work(queue, gated.handler, { concurrency: 2 });
    await until(() => gated.started.length === 2);
    await settle();
    expect(gated.started).toHaveLength(2);
    gated.releaseAll();
    await until(() => gated.started.length === 4);
    gated.releaseAll();
    await until(() => gated.started.length === 5);
    gated.releaseAll();
    await until(() => gated.finished.length === 5);
    expect(gated.most()).toBe(2);
    expect([...gated.started].sort()).toEqual([0, 1, 2, 3, 4]);
    await stop();
  });

  it('stop waits for the running handlers and takes no new job', async () => {
    const { jobs } = open();
    const queue = freshQueue();
    const gated = gatedHandler();
    await jobs.enqueue(queue, 'a');
    await jobs.enqueue(queue, 'b');
    const stop = await jobs.work(queue, gated.handler, { concurrency: 1 });
    await until(() => gated.started.length === 1);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    gated.releaseAll();
    await stopping;
    expect(gated.finished).toEqual(['a']);
    await settle();
    expect(gated.started).toEqual(['a']);

    // The job left waiting is still queued: the next worker takes it.
    const got: unknown[] = [];
    const again = await jobs.work(queue, async (job) => void got.push(job), { concurrency: 1 });
    await until(() => got.length === 1);
    expect(got).toEqual(['b']);
    await again();
  });

  it('a handler that throws is logged once and not retried; the next job runs', async () => {
    const { jobs, log } = open();
    const queue = freshQueue();
    const calls: unknown[] = [];
    const stop = await jobs.work(
      queue,
      async (job) => {
        calls.push(job);
        if (job === 'bad') throw new Error('boom');
      },
      { concurrency: 1 },
    );
    await jobs.enqueue(queue, 'bad');
    await jobs.enqueue(queue, 'good');
    await until(() => calls.length === 2);
    await settle();
    expect(calls).toEqual(['bad', 'good']);
    expect(log.lines.filter((line) => line.level === 'error')).toEqual([
      expect.objectContaining({ message: 'a job failed', object: expect.objectContaining({ queue }) }),
    ]);
    await stop();
  });

  it('keeps queues apart', async () => {
    const { jobs } = open();
    const one = freshQueue();
    const two = freshQueue();
    const atOne: unknown[] = [];
    const atTwo: unknown[] = [];
    const stopOne = await jobs.work(one, async (job) => void atOne.push(job), { concurrency: 1 });
    const stopTwo = await jobs.work(two, async (job) => void atTwo.push(job), { concurrency: 1 });
    await jobs.enqueue(one, 'for one');
    await jobs.enqueue(two, 'for two');
    await until(() => atOne.length === 1 && atTwo.length === 1);
    await settle();
    expect(atOne).toEqual(['for one']);
    expect(atTwo).toEqual(['for two']);
    await Promise.all([stopOne(), stopTwo()]);
  });

  it('refuses bad queue names and concurrency', async () => {
    const { jobs } = open();
    await expect(jobs.enqueue('bad queue', 1)).rejects.toThrow(/invalid job queue/);
    await expect(jobs.work('a*', async () => undefined, { concurrency: 1 })).rejects.toThrow(
      /invalid job queue/,
    );
    await expect(jobs.work('ok', async () => undefined, { concurrency: 0 })).rejects.toThrow(/concurrency/);
  });

  it('close waits for running handlers; afterwards enqueue and work fail', async () => {
    const { jobs } = open();
    const queue = freshQueue();
    const gated = gatedHandler();
    await jobs.work(queue, gated.handler, { concurrency: 1 });
    await jobs.enqueue(queue, 'x');
    await until(() => gated.started.length === 1);
    let closed = false;
    const closing = jobs.close().then(() => {
      closed = true;
    });
    await settle();
    expect(closed).toBe(false);
    gated.releaseAll();
    await closing;
    expect(gated.finished).toEqual(['x']);
    await jobs.close();
    await expect(jobs.enqueue(queue, 1)).rejects.toBeInstanceOf(JobsClosedError);
    await expect(jobs.work(queue, async () => undefined, { concurrency: 1 })).rejects.toBeInstanceOf(
      JobsClosedError,
    );
  });

  if (makePeer) {
    it('shares one queue between processes: each job runs once in all, within each concurrency', async () => {
      const { jobs: a } = open();
      const { jobs: b } = open(makePeer);
      const queue = freshQueue();
      const atA: unknown[] = [];
      const atB: unknown[] = [];
      let running = 0;
      let most = 0;
      const handler = (into: unknown[]) => async (job: unknown) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        into.push(job);
        running--;
      };
      const stopA = await a.work(queue, handler(atA), { concurrency: 1 });
      const stopB = await b.work(queue, handler(atB), { concurrency: 1 });
      for (let i = 0; i < 30; i++) await (i % 2 ? a : b).enqueue(queue, i);
      await until(() => atA.length + atB.length === 30);
      await settle();
      expect([...atA, ...atB].sort((x, y) => (x as number) - (y as number))).toEqual(
        Array.from({ length: 30 }, (_, i) => i),
      );
      expect(most).toBeLessThanOrEqual(2);
      await Promise.all([stopA(), stopB()]);
    });

    it('a job queued while no process works the queue waits for the first that does', async () => {
      const { jobs: a } = open();
      const queue = freshQueue();
      await a.enqueue(queue, 'kept');
      await a.close();
      const { jobs: b } = open(makePeer);
      const got: unknown[] = [];
      const stop = await b.work(queue, async (job) => void got.push(job), { concurrency: 1 });
      await until(() => got.length === 1);
      expect(got).toEqual(['kept']);
      await stop();
    });
  }
}
