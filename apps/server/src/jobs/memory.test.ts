import { describe, expect, it } from 'vitest';
import { recordingLog } from '../events/testSupport';
import { createJobs } from './index';
import { jobsContract } from './jobs.contract';
import { createMemoryJobs } from './memory';

describe('in-process jobs', () => {
  jobsContract((log) => createMemoryJobs(log));

  it('never runs a handler inside enqueue (jobs start on a later tick)', async () => {
    const jobs = createMemoryJobs(recordingLog());
    const got: unknown[] = [];
    await jobs.work('test:tick', async (job) => void got.push(job), { concurrency: 1 });
    const enqueuing = jobs.enqueue('test:tick', 1);
    expect(got).toEqual([]);
    await enqueuing;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(got).toEqual([1]);
    await jobs.close();
  });

  it('two instances are two worlds: without Redis nothing crosses', async () => {
    const a = createMemoryJobs(recordingLog());
    const b = createMemoryJobs(recordingLog());
    const atB: unknown[] = [];
    await b.work('test:x', async (job) => void atB.push(job), { concurrency: 1 });
    await a.enqueue('test:x', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(atB).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  });

  it('createJobs picks the in-process jobs without REDIS_URL', async () => {
    const jobs = createJobs({ redisUrl: null }, recordingLog());
    expect(jobs.kind).toBe('memory');
    await jobs.close();
  });
});
