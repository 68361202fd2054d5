import { describe, expect, it } from 'vitest';
import { eventsContract } from './events.contract';
import { createEvents } from './index';
import { createMemoryEvents } from './memory';
import { recordingLog } from './testSupport';

describe('in-process events', () => {
  eventsContract((log) => createMemoryEvents(log));

  it('never runs handlers inside publish (delivery comes on a later tick)', async () => {
    const events = createMemoryEvents(recordingLog());
    const got: unknown[] = [];
    await events.subscribe('test:tick', (message) => got.push(message));
    const publishing = events.publish('test:tick', 1);
    expect(got).toEqual([]);
    await publishing;
    await new Promise((resolve) => setImmediate(resolve));
    expect(got).toEqual([1]);
    await events.close();
  });

  it('two instances are two worlds: without Redis nothing crosses', async () => {
    const a = createMemoryEvents(recordingLog());
    const b = createMemoryEvents(recordingLog());
    const atB: unknown[] = [];
    await b.subscribe('test:x', (message) => atB.push(message));
    await a.publish('test:x', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(atB).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  });

  it('createEvents picks the in-process events without REDIS_URL', async () => {
    const events = createEvents({ redisUrl: null, log: recordingLog() });
    expect(events.kind).toBe('memory');
    await events.close();
  });
});
