import { afterEach, expect, it } from 'vitest';
import { type Events, EventsClosedError } from './events';
import { recordingLog } from './testSupport';

/** Resolves with the next message the handler list receives (or rejects after `ms`). */
function waitFor(received: unknown[], count: number, ms = 3000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + ms;
    const poll = () => {
      if (received.length >= count) resolve(received);
      else if (Date.now() > deadline) reject(new Error(`got ${received.length} of ${count} messages`));
      else setTimeout(poll, 5);
    };
    poll();
  });
}

const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The behaviour every Events implementation shares. `make(log)` gives a fresh instance; `makePeer` one
 * that shares its backend (another process on the same Redis), when the implementation has such a thing.
 */
export function eventsContract(
  make: (log: ReturnType<typeof recordingLog>) => Events,
  makePeer?: (log: ReturnType<typeof recordingLog>) => Events,
) {
  const opened: Events[] = [];
  const open = (factory = make) => {
    const log = recordingLog();
    const events = factory(log);
    opened.push(events);
    return { events, log };
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((events) => events.close()));
  });

  it('delivers a published message to every subscriber of the channel, as a copy', async () => {
    const { events } = open();
    const a: unknown[] = [];
    const b: unknown[] = [];
    await events.subscribe('test:one', (message) => a.push(message));
    await events.subscribe('test:one', (message) => b.push(message));
    const message = { n: 1, text: '通知', list: [1, 2] };
    await events.publish('test:one', message);
    await waitFor(a, 1);
    await waitFor(b, 1);
    expect(a).toEqual([message]);
    expect(b).toEqual([message]);
    expect(a[0]).not.toBe(message);
    expect(a[0]).not.toBe(b[0]);
  });

  it('keeps channels apart and stops delivering after unsubscribe', async () => {
    const { events } = open();
    const one: unknown[] = [];
    const two: unknown[] = [];
    const stopOne = await events.subscribe('test:a', (message) => one.push(message));
    await events.subscribe('test:b', (message) => two.push(message));
    await events.publish('test:a', 'for a');
    await events.publish('test:b', 'for b');
    await waitFor(one, 1);
    await waitFor(two, 1);
    expect(one).toEqual(['for a']);
    expect(two).toEqual(['for b']);

    stopOne();
    stopOne();
    await events.publish('test:a', 'late');
    await events.publish('test:b', 'still');
    await waitFor(two, 2);
    await settle();
    expect(one).toEqual(['for a']);
    expect(two).toEqual(['for b', 'still']);
  });

  it('subscribes again after the last subscriber left', async () => {
    const { events } = open();
    const first: unknown[] = [];
    const stop = await events.subscribe('test:again', (message) => first.push(message));
    stop();
    const second: unknown[] = [];
    await events.subscribe('test:again', (message) => second.push(message));
    await events.publish('test:again', 2);
    await waitFor(second, 1);
    await settle(50);
    expect(first).toEqual([]);
    expect(second).toEqual([2]);
  });

  it('a handler that throws is logged and does not keep the others from the message', async () => {
    const { events, log } = open();
    const got: unknown[] = [];
    await events.subscribe('test:throw', () => {
      throw new Error('boom');
    });
    await events.subscribe('test:throw', (message) => got.push(message));
    await events.publish('test:throw', 'x');
    await waitFor(got, 1);
    expect(log.lines).toEqual([
      expect.objectContaining({ level: 'error', message: 'an event handler failed' }),
    ]);
  });

  it('refuses channel names outside letters, digits and :_.-', async () => {
    const { events } = open();
    await expect(events.publish('bad channel', 1)).rejects.toThrow(/invalid event channel/);
    await expect(events.subscribe('a*', () => undefined)).rejects.toThrow(/invalid event channel/);
    await expect(events.publish('', 1)).rejects.toThrow(/invalid event channel/);
  });

  it('after close, publish and subscribe fail and nothing is delivered', async () => {
    const { events } = open();
    const got: unknown[] = [];
    await events.subscribe('test:closed', (message) => got.push(message));
    await events.close();
    await events.close();
    await expect(events.publish('test:closed', 1)).rejects.toBeInstanceOf(EventsClosedError);
    await expect(events.subscribe('test:closed', () => undefined)).rejects.toBeInstanceOf(EventsClosedError);
    await settle(50);
    expect(got).toEqual([]);
  });

  if (makePeer) {
    it('delivers across instances sharing the backend (two processes), in publication order', async () => {
      const { events: a } = open();
      const { events: b } = open(makePeer);
      const atA: unknown[] = [];
      const atB: unknown[] = [];
      await a.subscribe('test:shared', (message) => atA.push(message));
      await b.subscribe('test:shared', (message) => atB.push(message));
      for (let i = 0; i < 20; i++) await a.publish('test:shared', i);
      await b.publish('test:shared', 'from b');
      await waitFor(atA, 21);
      await waitFor(atB, 21);
      const expected = [...Array.from({ length: 20 }, (_, i) => i), 'from b'];
      expect(atA).toEqual(expected);
      expect(atB).toEqual(expected);
    });
  }
}
