import { describe, expect, it } from 'vitest';
import { ByteMeter, peekStream } from './upload-stream';

async function* chunks(...sizes: number[]): AsyncGenerator<Uint8Array> {
  let value = 0;
  for (const size of sizes) yield new Uint8Array(size).fill(value++);
}

async function drain(body: AsyncIterable<Buffer>): Promise<number> {
  let total = 0;
  for await (const chunk of body) total += chunk.length;
  return total;
}

describe('ByteMeter', () => {
  it('fails with the first limit passed, a limit added later checked first', () => {
    const request = { remaining: 100, exceeded: () => new Error('request') };
    const capacity = { remaining: 50, exceeded: () => new Error('capacity') };
    const meter = new ByteMeter([request, capacity]);
    meter.spend(30);
    meter.addLimit(40, 30, () => new Error('kind'));
    expect(() => meter.spend(20)).toThrow('kind');
    // Shared limits were charged too: another file's meter starts from what is left.
    expect(request.remaining).toBe(50);
    expect(capacity.remaining).toBe(0);
    expect(() => new ByteMeter([capacity]).spend(1)).toThrow('capacity');
  });

  it('refuses at once a limit that the bytes already read pass', () => {
    const meter = new ByteMeter([]);
    expect(() => meter.addLimit(10, 11, () => new Error('kind'))).toThrow('kind');
  });
});

describe('peekStream', () => {
  it('gives the head, then the whole body again, charging every byte once', async () => {
    const limit = { remaining: 1000, exceeded: () => new Error('too large') };
    const peeked = await peekStream(chunks(5, 5, 100), 8, new ByteMeter([limit]));
    expect(peeked.head).toEqual(Buffer.from([0, 0, 0, 0, 0, 1, 1, 1]));
    expect(peeked.complete).toBe(false);
    expect(peeked.bytesRead).toBe(10);
    expect(limit.remaining).toBe(990);
    expect(await drain(peeked.body)).toBe(110);
    expect(limit.remaining).toBe(890);
  });

  it('knows when the head is the whole file', async () => {
    const peeked = await peekStream(chunks(3), 8, new ByteMeter([]));
    expect(peeked).toMatchObject({ complete: true, bytesRead: 3 });
    expect(await drain(peeked.body)).toBe(3);
  });

  it('fails the body mid-way when a limit is passed, and stops the source', async () => {
    let stopped = false;
    async function* source(): AsyncGenerator<Uint8Array> {
      try {
        for (let i = 0; i < 100; i++) yield new Uint8Array(10);
      } finally {
        stopped = true;
      }
    }
    const peeked = await peekStream(
      source(),
      4,
      new ByteMeter([{ remaining: 35, exceeded: () => new Error('limit') }]),
    );
    await expect(drain(peeked.body)).rejects.toThrow('limit');
    expect(stopped).toBe(true);
  });
});
