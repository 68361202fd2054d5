import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventsContract } from './events.contract';
import { createEvents } from './index';
import { createRedisEvents } from './redis';
import { recordingLog, redisAnswers, TEST_REDIS_URL } from './testSupport';

const available = await redisAnswers();
// Each run gets its own prefix, so parallel runs on one Redis do not hear each other.
const prefix = `lintel-test-${randomBytes(4).toString('hex')}:`;

describe.skipIf(!available)(`Redis events (${TEST_REDIS_URL})`, () => {
  const make = (log: ReturnType<typeof recordingLog>) =>
    createRedisEvents({ url: TEST_REDIS_URL, log, prefix });
  eventsContract(make, make);

  it('createEvents picks Redis when REDIS_URL is set', async () => {
    const events = createEvents({ redisUrl: TEST_REDIS_URL, log: recordingLog() });
    expect(events.kind).toBe('redis');
    await events.close();
  });

  it('installations with other prefixes do not hear each other', async () => {
    const ours = make(recordingLog());
    const theirs = createRedisEvents({ url: TEST_REDIS_URL, log: recordingLog(), prefix: `${prefix}other:` });
    const heard: unknown[] = [];
    await theirs.subscribe('test:p', (message) => heard.push(message));
    await ours.publish('test:p', 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(heard).toEqual([]);
    await Promise.all([ours.close(), theirs.close()]);
  });
});

describe('Redis events without a server', () => {
  it('fail publish and subscribe within seconds, log the outage once, and close', async () => {
    // Port 1 on loopback: nothing listens there, connections are refused at once.
    const log = recordingLog();
    const events = createRedisEvents({ url: 'redis://127.0.0.1:1', log, prefix });
    await expect(events.publish('test:down', 1)).rejects.toThrow();
    await expect(events.subscribe('test:down', () => undefined)).rejects.toThrow();
    await events.close();
    const errors = log.lines.filter((line) => line.level === 'error');
    // One line per connection (publish, subscribe), not one per reconnection attempt.
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors.length).toBeLessThanOrEqual(2);
    expect(errors[0]?.message).toMatch(/Redis connection failed/);
  }, 20_000);
});

if (!available) {
  describe('Redis events', () => {
    it.skip(`skipped: no Redis answers at ${TEST_REDIS_URL} (set TEST_REDIS_URL)`, () => undefined);
  });
}
