import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { recordingLog, redisAnswers, TEST_REDIS_URL } from '../events/testSupport';
import { createJobs } from './index';
import { jobsContract } from './jobs.contract';
import { createRedisJobs } from './redis';

const available = await redisAnswers();
// Each run gets its own prefix, so parallel runs on one Redis do not take each other's jobs.
const prefix = `lintel-test-${randomBytes(4).toString('hex')}:`;

async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(!available)(`Redis jobs (${TEST_REDIS_URL})`, () => {
  const make = (log: ReturnType<typeof recordingLog>) =>
    createRedisJobs({ url: TEST_REDIS_URL, log, prefix });
  jobsContract(make, make);

  it('createJobs picks Redis when REDIS_URL is set', async () => {
    const jobs = createJobs({ redisUrl: TEST_REDIS_URL }, recordingLog());
    expect(jobs.kind).toBe('redis');
    await jobs.close();
  });

  it('jobs a crashed process had taken go back to the queue once its heartbeat lapses', async () => {
    const queue = `test:crash-${Date.now()}`;
    const redis = new Redis(TEST_REDIS_URL);
    try {
      // What a process that died mid-job leaves: the job in its processing list, no heartbeat.
      await redis.lpush(
        `${prefix}jobs:${queue}:processing:dead-process`,
        JSON.stringify({ versionId: 'v9' }),
      );
      const log = recordingLog();
      const jobs = createRedisJobs({ url: TEST_REDIS_URL, log, prefix, consumerTtlMs: 400 });
      const got: unknown[] = [];
      const stop = await jobs.work(queue, async (job) => void got.push(job), { concurrency: 1 });
      await until(() => got.length === 1);
      expect(got).toEqual([{ versionId: 'v9' }]);
      expect(log.lines).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          message: 'jobs of a stopped server process were queued again',
        }),
      );
      // Done jobs leave no trace in Redis.
      await until(async () => (await redis.keys(`${prefix}jobs:${queue}*`)).length === 0);
      await stop();
      await jobs.close();
    } finally {
      redis.disconnect();
    }
  });

  it('a live process keeps its taken jobs: another one does not run them again', async () => {
    const queue = `test:alive-${Date.now()}`;
    const a = createRedisJobs({ url: TEST_REDIS_URL, log: recordingLog(), prefix, consumerTtlMs: 300 });
    const b = createRedisJobs({ url: TEST_REDIS_URL, log: recordingLog(), prefix, consumerTtlMs: 300 });
    let release: () => void = () => undefined;
    const atA: unknown[] = [];
    const atB: unknown[] = [];
    const stopA = await a.work(
      queue,
      async (job) => {
        atA.push(job);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      { concurrency: 1 },
    );
    await a.enqueue(queue, 'long');
    await until(() => atA.length === 1);
    const stopB = await b.work(queue, async (job) => void atB.push(job), { concurrency: 1 });
    // Several heartbeats of both: the job stays with A.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(atB).toEqual([]);
    release();
    await Promise.all([stopA(), stopB()]);
    await Promise.all([a.close(), b.close()]);
  });
});

describe('Redis jobs without a server', () => {
  it('fail enqueue within seconds, log the outage, and close', async () => {
    const log = recordingLog();
    const jobs = createRedisJobs({ url: 'redis://127.0.0.1:1', log, prefix });
    await expect(jobs.enqueue('test:down', 1)).rejects.toThrow();
    await jobs.close();
    const errors = log.lines.filter((line) => line.level === 'error');
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors[0]?.message).toMatch(/Redis connection failed/);
  }, 20_000);
});

if (!available) {
  describe('Redis jobs', () => {
    it.skip(`skipped: no Redis answers at ${TEST_REDIS_URL} (set TEST_REDIS_URL)`, () => undefined);
  });
}
