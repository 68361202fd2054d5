import { describe, expect, it } from 'vitest';
import { EventStream } from './sse';

function collect(stream: EventStream): { text: () => string; ended: Promise<void> } {
  const chunks: string[] = [];
  stream.body.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  const ended = new Promise<void>((resolve) => stream.body.once('end', () => resolve()));
  return { text: () => chunks.join(''), ended };
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EventStream', () => {
  it('opens with the retry line, then writes events as id/event/data blocks of one JSON line', async () => {
    const stream = new EventStream({ heartbeatMs: 60_000, retryMs: 3000, maxBufferedBytes: 1 << 20 });
    const out = collect(stream);
    stream.send('unread', { unread: 2 });
    stream.send('notification', { title: 'two\nlines "quoted"' }, '0123456789abcdef01234567');
    stream.end();
    await out.ended;
    expect(out.text()).toBe(
      'retry: 3000\n\n' +
        'event: unread\ndata: {"unread":2}\n\n' +
        'id: 0123456789abcdef01234567\nevent: notification\ndata: {"title":"two\\nlines \\"quoted\\""}\n\n',
    );
  });

  it('sends a comment as heartbeat at its interval, and stops it when ended', async () => {
    const stream = new EventStream({ heartbeatMs: 20, retryMs: 3000, maxBufferedBytes: 1 << 20 });
    const out = collect(stream);
    await tick(75);
    const beats = out.text().split(': ping\n\n').length - 1;
    expect(beats).toBeGreaterThanOrEqual(2);
    stream.end();
    await out.ended;
    const after = out.text();
    await tick(60);
    expect(out.text()).toBe(after);
  });

  it('tells its close listeners once, whoever ends it; nothing is sent after', async () => {
    const stream = new EventStream({ heartbeatMs: 60_000, retryMs: 3000, maxBufferedBytes: 1 << 20 });
    const out = collect(stream);
    const calls: string[] = [];
    stream.onClose(() => calls.push('first'));
    stream.onClose(() => calls.push('second'));
    expect(stream.closed).toBe(false);
    stream.end();
    stream.end();
    stream.send('unread', { unread: 1 });
    await out.ended;
    expect(stream.closed).toBe(true);
    expect(calls).toEqual(['first', 'second']);
    stream.onClose(() => calls.push('late'));
    expect(calls).toEqual(['first', 'second', 'late']);
    expect(out.text()).toBe('retry: 3000\n\n');
  });

  it('ends when its body is destroyed (the client went away)', async () => {
    const stream = new EventStream({ heartbeatMs: 60_000, retryMs: 3000, maxBufferedBytes: 1 << 20 });
    const closed = new Promise<void>((resolve) => stream.onClose(resolve));
    stream.body.destroy();
    await closed;
    expect(stream.closed).toBe(true);
  });

  it('gives up on a client that does not read instead of buffering without end', async () => {
    const stream = new EventStream({ heartbeatMs: 60_000, retryMs: 3000, maxBufferedBytes: 64 * 1024 });
    const closed = new Promise<void>((resolve) => stream.onClose(resolve));
    // Nobody reads the body: the buffer grows until the limit.
    for (let i = 0; i < 200 && !stream.closed; i++) stream.send('notification', { text: 'x'.repeat(1024) });
    await closed;
    expect(stream.closed).toBe(true);
    expect(stream.body.destroyed).toBe(true);
  });
});
